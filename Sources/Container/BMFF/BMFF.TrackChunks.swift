extension BMFF {
    /// Where the chunks of every track of a `moov` box lie in the file, and where the fields
    /// that locate them are: what a writer that moves or cuts `mdat` bytes must keep and
    /// rewrite (ISO/IEC 14496-12 §8.7.5 `stco`/`co64`, §8.7.4 `stsc`, §8.7.3.2 `stsz`).
    ///
    /// Unlike the readers, this one refuses what it cannot read: a writer that met a track
    /// whose chunks it cannot delimit would otherwise move or cut bytes that track uses.
    package struct TrackChunks: Sendable, Equatable {
        /// One chunk: its bytes in the file and its offset field in `stco` or `co64`.
        package struct Chunk: Sendable, Equatable {
            /// The chunk's samples, end to end (§8.7.5: a chunk is a contiguous run of samples).
            package let range: Range<Int>
            /// Absolute offset of the chunk_offset field.
            package let fieldOffset: Int
            /// 8 for `co64`, 4 for `stco`.
            package let fieldSize: Int
        }

        package let chunks: [Chunk]
        /// Offsets of `meta` boxes in `moov` or a `trak` that hold an `iloc` (§8.11.1 allows a
        /// movie or track to have items): their offsets are not read here.
        package let itemLocationMetas: [Int]

        /// Reads every `trak` of the `moov` box at `moov` (its whole range in `bytes`).
        package init(parsing bytes: [UInt8], moov: Range<Int>) throws(WriteError) {
            var out: [Chunk] = []
            var metas: [Int] = []
            let boxes = try WriteError.reading(try BoxHeader.children(in: bytes, of: moov, skip: 0, path: "moov"))
            for box in boxes where box.type == BoxType.meta {
                if try WriteError.reading(try TrackChunks.holdsItemLocations(box, bytes, path: "moov/meta")) { metas.append(box.offset) }
            }
            for trak in boxes where trak.type == BoxType.trak {
                let path = "moov/trak@\(trak.offset)"
                for box in try WriteError.reading(try BoxHeader.children(in: bytes, of: trak.range, skip: 0, path: path)) where box.type == BoxType.meta {
                    if try WriteError.reading(try TrackChunks.holdsItemLocations(box, bytes, path: path + "/meta")) { metas.append(box.offset) }
                }
                guard let mdia = try WriteError.reading(try TrackChunks.child(BoxType.mdia, of: trak, bytes, path: path)),
                      let minf = try WriteError.reading(try TrackChunks.child(BoxType.minf, of: mdia, bytes, path: path + "/mdia")),
                      let stbl = try WriteError.reading(try TrackChunks.child(BoxType.stbl, of: minf, bytes, path: path + "/mdia/minf")) else {
                    throw WriteError(.unreadable, at: trak.offset, path: path, "the track has no mdia/minf/stbl")
                }
                out += try TrackChunks.chunks(in: stbl, bytes, path: path + "/mdia/minf/stbl")
            }
            chunks = out
            itemLocationMetas = metas
        }

        /// Whether the `meta` box `box` (a FullBox, §8.11.1) has an `iloc` child.
        static func holdsItemLocations(_ box: BoxHeader, _ bytes: [UInt8], path: String) throws(ParseError) -> Bool {
            try BoxHeader.children(in: bytes, of: box.range, skip: 4, path: path).contains { $0.type == BoxType.iloc }
        }

        /// The chunks of one sample table: offsets from `stco` or `co64`, samples per chunk
        /// from `stsc`, sample sizes from `stsz`.
        static func chunks(in stbl: BoxHeader, _ bytes: [UInt8], path: String) throws(WriteError) -> [Chunk] {
            let boxes = try WriteError.reading(try BoxHeader.children(in: bytes, of: stbl.range, skip: 0, path: path))
            if let z = boxes.first(where: { $0.type == BoxType.stz2 }) {
                throw WriteError(.unreadable, at: z.offset, path: path + "/stz2", "compact sample sizes are not read")
            }
            guard let offsets = boxes.first(where: { $0.type == BoxType.stco || $0.type == BoxType.co64 }),
                  let stsc = boxes.first(where: { $0.type == BoxType.stsc }),
                  let stsz = boxes.first(where: { $0.type == BoxType.stsz }) else {
                throw WriteError(.unreadable, at: stbl.offset, path: path, "stco/co64, stsc or stsz is missing")
            }
            let table = try ChunkOffsets(offsets, bytes, path: path)
            let runs = try sampleToChunkRuns(stsc, bytes, path: path)
            var sizes = try SampleSizes(stsz, bytes, path: path)
            var out: [Chunk] = []
            var run = -1
            for (i, start) in table.starts.enumerated() {
                // §8.7.4: a run covers its first_chunk (1-based) up to the next run's first_chunk.
                let number = i + 1
                while run + 1 < runs.count, runs[run + 1].first <= number { run += 1 }
                let per = run >= 0 ? runs[run].perChunk : 0
                let length = try sizes.chunkLength(samples: per)
                guard let end = start.value +? length, end <= bytes.count else {
                    throw WriteError(.unreadable, at: start.field, path: table.path,
                                     "chunk \(number) at \(start.value) of \(length) bytes runs past the \(bytes.count)-byte file")
                }
                out.append(Chunk(range: start.value..<end, fieldOffset: start.field, fieldSize: table.fieldSize))
            }
            return out
        }

        /// stco / co64 (§8.7.5): FullBox, u32 entry_count, then 32- or 64-bit chunk offsets,
        /// each with where its field lies.
        private struct ChunkOffsets {
            let path: String
            let fieldSize: Int
            var starts: [(value: Int, field: Int)] = []

            init(_ offsets: BoxHeader, _ bytes: [UInt8], path stbl: String) throws(WriteError) {
                let wide = offsets.type == BoxType.co64
                var r = try WriteError.reading(try ByteReader(bytes, range: offsets.payloadRange, path: stbl + "/\(offsets.type)"))
                path = r.path
                try WriteError.reading(try r.skip(4))
                let chunkCount = Int(try WriteError.reading(try r.readU32()))
                fieldSize = wide ? 8 : 4
                guard let need = chunkCount *? fieldSize, need <= r.remaining else {
                    throw WriteError(.unreadable, at: offsets.offset, path: r.path, "\(chunkCount) chunk offsets do not fit the box")
                }
                starts.reserveCapacity(chunkCount)
                for _ in 0..<chunkCount {
                    let field = r.position
                    let v = wide ? try WriteError.reading(try r.readU64()) : UInt64(try WriteError.reading(try r.readU32()))
                    guard let start = Int(exactly: v) else {
                        throw WriteError(ParseError(.arithmeticOverflow, at: field, path: r.path, "chunk offset \(v)"))
                    }
                    starts.append((start, field))
                }
            }
        }

        /// stsc (§8.7.4): FullBox, u32 entry_count, then (first_chunk, samples_per_chunk,
        /// sample_description_index); the runs of chunks with the same number of samples.
        private static func sampleToChunkRuns(_ stsc: BoxHeader, _ bytes: [UInt8],
                                              path: String) throws(WriteError) -> [(first: Int, perChunk: Int)] {
            var c = try WriteError.reading(try ByteReader(bytes, range: stsc.payloadRange, path: path + "/stsc"))
            try WriteError.reading(try c.skip(4))
            let runCount = Int(try WriteError.reading(try c.readU32()))
            guard let runBytes = runCount *? 12, runBytes <= c.remaining else {
                throw WriteError(.unreadable, at: stsc.offset, path: c.path, "\(runCount) entries do not fit the box")
            }
            var runs: [(first: Int, perChunk: Int)] = []
            for _ in 0..<runCount {
                let at = c.position
                let first = Int(try WriteError.reading(try c.readU32())), per = Int(try WriteError.reading(try c.readU32()))
                try WriteError.reading(try c.skip(4))
                // §8.7.4.3: first_chunk starts at 1 and grows from entry to entry; runs in
                // another order would give chunk lengths this reading cannot trust.
                guard first > (runs.last?.first ?? 0) else {
                    throw WriteError(.unreadable, at: at, path: c.path, "first_chunk \(first) does not follow \(runs.last?.first ?? 0)")
                }
                runs.append((first, per))
            }
            return runs
        }

        /// stsz (§8.7.3.2): FullBox, u32 sample_size (all samples, when not 0), u32 sample_count,
        /// then sizes; read chunk by chunk.
        private struct SampleSizes {
            private let stsz: BoxHeader
            private var z: ByteReader
            private let uniform: Int
            private let sampleCount: Int
            private var sample = 0

            init(_ stsz: BoxHeader, _ bytes: [UInt8], path: String) throws(WriteError) {
                var z = try WriteError.reading(try ByteReader(bytes, range: stsz.payloadRange, path: path + "/stsz"))
                try WriteError.reading(try z.skip(4))
                let uniform = Int(try WriteError.reading(try z.readU32()))
                let sampleCount = Int(try WriteError.reading(try z.readU32()))
                if uniform == 0 {
                    guard let sizeBytes = sampleCount *? 4, sizeBytes <= z.remaining else {
                        throw WriteError(.unreadable, at: stsz.offset, path: z.path, "\(sampleCount) sizes do not fit the box")
                    }
                }
                self.stsz = stsz
                self.z = z
                self.uniform = uniform
                self.sampleCount = sampleCount
            }

            /// The bytes of the next chunk's `per` samples, as many as remain.
            mutating func chunkLength(samples per: Int) throws(WriteError) -> Int {
                var length = 0
                // safe: sample <= sampleCount throughout, so the difference is not negative.
                for _ in 0..<min(per, sampleCount - sample) {
                    let size = uniform != 0 ? uniform : Int(try WriteError.reading(try z.readU32()))
                    guard let l = length +? size else { throw WriteError(ParseError(.arithmeticOverflow, at: stsz.offset, path: z.path)) }
                    length = l
                    sample += 1
                }
                return length
            }
        }

        /// The first child of `parent` of `type`.
        static func child(_ type: FourCC, of parent: BoxHeader, _ bytes: [UInt8], path: String) throws(ParseError) -> BoxHeader? {
            try BoxHeader.children(in: bytes, of: parent.range, skip: 0, path: path).first { $0.type == type }
        }
    }
}
