extension HEIF {
    /// A file that holds an image sequence and no still image: a `moov` box with its tracks
    /// (ISO/IEC 23008-12 §7, brand `msf1`) and no file-level `meta` box (§6), so no primary
    /// item, no aux images, nothing the still-image rules judge. What is read is the file type
    /// and the top-level boxes, and the size of the first visual track (`tkhd` width and
    /// height, ISO/IEC 14496-12 §8.3.2) to say what the sequence shows.
    package struct ImageSequence: Sendable {
        package let fileType: BMFF.FileTypeBox
        package let topLevelBoxes: [BMFF.BoxHeader]
        /// Where the `moov` box starts.
        package let moovOffset: Int
        /// Width and height of the first track with a non-zero size, in pixels (the integer
        /// part of the 16.16 fixed-point fields); nil when no track header gives one.
        package let trackSize: (width: Int, height: Int)?

        /// Reads the top level. Throws unless `ftyp` comes first and a `moov` but no `meta`
        /// follows: a file with a `meta` is read as a still image (`HEIF.File`).
        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            var context = BMFF.ParseContext(limits: limits)
            var r = ByteReader(bytes)
            var headers: [BMFF.BoxHeader] = []
            var fileType: BMFF.FileTypeBox?
            while !r.isAtEnd {
                let box: BMFF.Box
                do throws(ParseError) {
                    box = try context.nextBox(in: &r, depth: 0) { .child(of: "", $0) }
                } catch {
                    // A cut or broken box after the movie box (a truncated mdat) ends the walk.
                    if headers.contains(where: { $0.type == BMFF.BoxType.moov }), !context.walkLimitReached { break }
                    throw error
                }
                headers.append(box.header)
                if headers.count == 1 {
                    guard box.type == BMFF.BoxType.ftyp else {
                        throw ParseError(.ftypMissing, at: 0, path: "", "the first box is '\(box.type)', not 'ftyp'")
                    }
                    var c = box.content
                    fileType = try BMFF.FileTypeBox(parsing: &c)
                }
            }
            guard let ftyp = fileType else { throw ParseError(.ftypMissing, at: 0, path: "", "the file has no ftyp box") }
            guard !headers.contains(where: { $0.type == BMFF.BoxType.meta }) else {
                throw ParseError(.notASequence, at: 0, path: "", "the file has a top-level meta box: it is read as a still image")
            }
            guard let moov = headers.first(where: { $0.type == BMFF.BoxType.moov }) else {
                throw ParseError(.metaMissing, at: bytes.count, path: "", "the file has neither a top-level meta box nor a moov box")
            }
            self.fileType = ftyp
            topLevelBoxes = headers
            moovOffset = moov.offset
            trackSize = ImageSequence.firstTrackSize(bytes, moov: moov.range)
        }

        /// ISO/IEC 14496-12 §8.3.2: tkhd version 0 has 4-byte times and duration, version 1
        /// 8-byte ones; then 8 reserved bytes, layer, alternate_group, volume, 2 reserved, the
        /// 36-byte matrix, and width and height as 16.16 fixed point.
        static func firstTrackSize(_ bytes: [UInt8], moov: Range<Int>) -> (width: Int, height: Int)? {
            guard let boxes = try? BMFF.BoxHeader.children(in: bytes, of: moov, skip: 0, path: "moov") else { return nil }
            for trak in boxes where trak.type == BMFF.BoxType.trak {
                guard let inner = try? BMFF.BoxHeader.children(in: bytes, of: trak.range, skip: 0, path: "moov/trak"),
                      let tkhd = inner.first(where: { $0.type == BMFF.BoxType.tkhd }),
                      var r = try? ByteReader(bytes, range: tkhd.payloadRange, path: "moov/trak/tkhd"),
                      let version = try? r.readU8() else { continue }
                let skip = 3 + (version == 1 ? 8 + 8 + 4 + 4 + 8 : 4 + 4 + 4 + 4 + 4) + 8 + 2 + 2 + 2 + 2 + 36
                guard (try? r.skip(skip)) != nil, let w = try? r.readU32(), let h = try? r.readU32() else { continue }
                if w >> 16 > 0, h >> 16 > 0 { return (Int(w >> 16), Int(h >> 16)) }
            }
            return nil
        }
    }
}

extension ParseError.Code {
    /// A file read as an image sequence holds a file-level meta box (ISO/IEC 23008-12 §6).
    package static let notASequence = Self("heif.notASequence")
}
