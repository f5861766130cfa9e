extension JPEG {
    /// A JPEG file as the writer sees it: the primary image, the secondary images the MPF
    /// index names, and any bytes after the last image that are not padding. The mirror of
    /// `JPEG.File`: `init(parsing:)` takes a file apart, `serialized()` puts it together with
    /// an MPF index whose sizes and offsets are exact.
    ///
    /// CIPA DC-007 §5.2: the primary carries the full MP Index IFD in its APP2 segment, every
    /// other image a stub; the images follow one another; each offset counts from the TIFF
    /// header of the primary's MPF segment. ITU-T T.81 B.2.1: each image runs SOI to EOI.
    ///
    /// Everything but the APP2 MPF segments is copied byte for byte: the primary's other
    /// segments, its tables and its entropy-coded data, and the secondary images' segments
    /// and data. A file without secondary images is written without an MPF index.
    package struct MultiPictureFile: Sendable {
        /// The first image (its entry is entry 1, the MP primary).
        package var primary: Picture
        /// Images 2..., in entry order.
        package var secondaries: [Picture]
        /// Byte order of the MPF index the writer makes (the one read, else big-endian as
        /// iPhones write it).
        package var endian: Endian
        /// Bytes written right after the primary's EOI, before the secondary images: what stood
        /// there in the file read when it was not all zero. Dynamic Depth 1.0 (Container) reads
        /// its items from the primary's EOI on, so they stay there whatever the index holds.
        package var afterPrimary: [UInt8]
        /// Bytes after the last image that are not all zero (a trailer a camera appends, say);
        /// the zero padding some iPhones leave is dropped.
        package var trailing: [UInt8]

        package init(primary: Picture, secondaries: [Picture] = [], endian: Endian = .big,
                    afterPrimary: [UInt8] = [], trailing: [UInt8] = []) {
            self.primary = primary
            self.secondaries = secondaries
            self.endian = endian
            self.afterPrimary = afterPrimary
            self.trailing = trailing
        }

        /// Takes a file apart. Nothing the file holds is left out without an error: an MP entry
        /// that locates no image readable to its EOI, and bytes that are not zero but lie
        /// outside every image and are not kept (between two secondary images, say, where no
        /// entry describes them), make it throw `WriteError.unreadable`. The bytes between the
        /// primary's EOI and the next image are kept as `afterPrimary`, those after the last
        /// image as `trailing`. Only zero bytes outside the images (padding) and a second entry
        /// naming the same bytes as an earlier one are not written again.
        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(WriteError) {
            try self.init(WriteError.reading(try JPEG.File(parsing: bytes, limits: limits)), bytes: bytes)
        }

        /// Takes apart a file already read.
        package init(_ file: JPEG.File, bytes: [UInt8]) throws(WriteError) {
            let primaryEnd = file.images.first?.end ?? file.primary.end
            guard let end = primaryEnd, end <= bytes.count else {
                throw WriteError(.imageWithoutEnd, at: file.primary.start, path: "SOI",
                                 "the primary image has no EOI, so its bytes cannot be copied")
            }
            let first = file.images.first?.entry
            primary = Picture(bytes: Array(bytes[0..<end]), attribute: first?.attribute ?? MPF.EntryValues.primaryAttribute,
                              dependentImage1: first?.dependentImage1 ?? 0, dependentImage2: first?.dependentImage2 ?? 0,
                              entryNumber: 1)
            var seen = Set<Int>()
            var secondaries: [Picture] = []
            var copied: [Range<Int>] = [0..<end]
            for m in file.images.dropFirst() where m.sameStartAs == nil {
                // CIPA DC-007 §5.2.3.3.3: the entry's offset locates the image; T.81 B.2.1: it
                // runs SOI to EOI. An image that cannot be delimited cannot be copied, and
                // writing the index without it would drop the entry and leave its bytes behind.
                guard let s = m.start, let e = m.end, s < e, e <= bytes.count else {
                    throw WriteError(.unreadable, at: m.entry.offsetFieldOffset, path: m.entry.path,
                                     "MP entry \(m.entry.number) locates no image that can be read to its EOI")
                }
                guard seen.insert(s).inserted else { continue }
                secondaries.append(Picture(bytes: Array(bytes[s..<e]), attribute: m.entry.attribute,
                                           dependentImage1: m.entry.dependentImage1, dependentImage2: m.entry.dependentImage2,
                                           entryNumber: m.entry.number))
                copied.append(s..<e)
            }
            self.secondaries = secondaries
            endian = file.mpf?.endian ?? .big
            if let a = file.afterPrimary, !file.afterPrimaryIsZero {
                afterPrimary = Array(bytes[a])
                copied.append(a)
            } else {
                afterPrimary = []
            }
            if let t = file.trailingBytes, !file.trailingBytesAreZero {
                trailing = Array(bytes[t])
                copied.append(t)
            } else {
                trailing = []
            }
            try MultiPictureFile.requireCopied(bytes, copied)
        }

        /// Throws `WriteError.unreadable` for the first byte that is not zero and that none of
        /// `copied` holds: data no MP entry describes (a JPEG stream between two images, say),
        /// which the writer would otherwise leave out.
        static func requireCopied(_ bytes: [UInt8], _ copied: [Range<Int>]) throws(WriteError) {
            var at = 0
            for r in copied.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if r.lowerBound > at, let i = bytes[at..<r.lowerBound].firstIndex(where: { $0 != 0 }) {
                    throw WriteError(.unreadable, at: i, path: "",
                                     "bytes \(at)..<\(r.lowerBound) lie outside every image and no MP entry describes them")
                }
                at = max(at, r.upperBound)
            }
            if at < bytes.count, let i = bytes[at...].firstIndex(where: { $0 != 0 }) {
                throw WriteError(.unreadable, at: i, path: "",
                                 "bytes \(at)..<\(bytes.count) follow the last image and are not copied")
            }
        }

        /// The file: the primary with a new full MPF index, the bytes kept after it, each
        /// secondary with a stub that counts the images, then the trailing bytes. Throws when an image is not a JPEG the
        /// writer can read the headers of, or an offset does not fit 32 bits.
        package func serialized() throws(WriteError) -> [UInt8] {
            guard !secondaries.isEmpty else {
                // No secondary image: no index to keep (CIPA DC-007 describes files of two or more).
                return try MultiPictureFile.replacingMPF(in: primary.bytes, with: nil, path: "") + afterPrimary + trailing
            }
            let total = secondaries.count + 1
            guard let count = UInt32(exactly: total) else {
                throw WriteError(.fieldOverflow, at: 0, path: "APP2/MPF", "\(total) images")
            }
            let stub = try MPF.Index(endian: endian, numberOfImages: count, entries: nil)
            var images: [[UInt8]] = []
            for (i, s) in secondaries.enumerated() {
                let replaced = try MultiPictureFile.replacingMPF(in: s.bytes, with: stub, path: "MPImage[\(i + 2)]/", keepIfEqual: true)
                images.append(s.keepsLength && replaced.count != s.bytes.count ? s.bytes : replaced)
            }
            // The full index has a fixed size for a given count, so the primary's layout is known
            // before the offsets are: write it once with zeros, then with the real entries.
            let placeholder = try MPF.Index(endian: endian, numberOfImages: count,
                                            entries: Array(repeating: MPF.EntryValues(attribute: 0), count: total))
            let (draft, mpfAt) = try MultiPictureFile.placing(placeholder, in: primary.bytes)
            let base = mpfAt + MPF.Index.tiffHeaderOffsetInSegment
            func field(_ v: Int, _ what: String) throws(WriteError) -> UInt32 {
                guard let x = UInt32(exactly: v) else {
                    throw WriteError(.fieldOverflow, at: mpfAt, path: "APP2/MPF", "\(what) \(v) does not fit 32 bits")
                }
                return x
            }
            var entries = [MPF.EntryValues(attribute: primary.attribute, size: try field(draft.count, "size"),
                                           imageOffset: 0, dependentImage1: primary.dependentImage1,
                                           dependentImage2: primary.dependentImage2)]
            var at = draft.count + afterPrimary.count
            for (s, bytes) in zip(secondaries, images) {
                entries.append(MPF.EntryValues(attribute: s.attribute, size: try field(bytes.count, "size"),
                                               imageOffset: try field(at - base, "offset"),
                                               dependentImage1: s.dependentImage1, dependentImage2: s.dependentImage2))
                at += bytes.count
            }
            let index = try MPF.Index(endian: endian, numberOfImages: count, entries: entries)
            let (head, _) = try MultiPictureFile.placing(index, in: primary.bytes)
            var out = head
            out.reserveCapacity(at + trailing.count)
            out += afterPrimary
            for b in images { out += b }
            return out + trailing
        }

        /// `image` with its APP2 MPF segments replaced by `index` (where the first one was, or
        /// after the leading APP0/APP1 segments when there was none), and the offset of the new
        /// segment's marker.
        static func placing(_ index: MPF.Index, in image: [UInt8]) throws(WriteError) -> ([UInt8], Int) {
            let parts = try headerParts(image, path: "")
            let segment = try index.segment()
            var out: [UInt8] = [0xFF, 0xD8]
            var placed: Int?
            // Where an index was, the new one goes; otherwise after the leading APP0/APP1 segments.
            let hadIndex = parts.segments.contains { $0.isMPF }
            for part in parts.segments {
                if part.isMPF {
                    if placed == nil { placed = out.count; out += segment }
                    continue
                }
                if placed == nil, !hadIndex, !part.leadsMPF {
                    placed = out.count
                    out += segment
                }
                out += image[part.range]
            }
            if placed == nil { placed = out.count; out += segment }
            out += image[parts.rest...]
            return (out, placed ?? 2)
        }

        /// `image` with its MPF segments replaced by `index`, or removed when `index` is nil.
        /// With `keepIfEqual`, an image whose only MPF segment already says what `index` says is
        /// returned as it is.
        static func replacingMPF(in image: [UInt8], with index: MPF.Index?, path: String,
                                 keepIfEqual: Bool = false) throws(WriteError) -> [UInt8] {
            let parts = try headerParts(image, path: path)
            if keepIfEqual, let index, parts.indexes.count == 1, let only = parts.indexes.first,
               try (try? only.serialized()) == index.serialized() {
                return image
            }
            if let index { return try placing(index, in: image).0 }
            var out: [UInt8] = [0xFF, 0xD8]
            for part in parts.segments where !part.isMPF { out += image[part.range] }
            return out + image[parts.rest...]
        }

        /// One segment before the first scan: its bytes (with any fill bytes before its marker),
        /// whether it is an APP2 MPF segment, and whether an MPF segment goes after it
        /// (APP0 JFIF and APP1 Exif/XMP come first in iPhone files, CIPA DC-007 §5.2.1 puts
        /// APP2 after APP1).
        struct HeaderPart {
            let range: Range<Int>
            let isMPF: Bool
            let leadsMPF: Bool
        }

        /// The segments of `image` between SOI and its first SOS, and where the rest (SOS,
        /// entropy-coded data, everything to EOI) starts.
        static func headerParts(_ image: [UInt8], path: String) throws(WriteError)
            -> (segments: [HeaderPart], rest: Int, indexes: [MPF.Index]) {
            let header = try WriteError.reading(try Image(parsingHeadersOf: image, at: 0, pathPrefix: path))
            var parts: [HeaderPart] = []
            var previous = 2
            var rest: Int?
            for s in header.segments.dropFirst() {
                if s.marker == .sos || s.marker == .eoi { rest = previous; break }
                var isMPF = false
                if s.marker == .app2, s.payload.count >= 4, Array(image[s.payload.lowerBound..<(s.payload.lowerBound + 4)]) == MPF.Index.identifier {
                    isMPF = true
                }
                let leads = s.marker == .app0 || s.marker == .app1
                parts.append(HeaderPart(range: previous..<s.end, isMPF: isMPF, leadsMPF: leads))
                previous = s.end
            }
            guard let restStart = rest else {
                throw WriteError(.notAnImage, at: 0, path: path + "SOI", "no SOS or EOI after the headers")
            }
            return (parts, restStart, header.mpfIndexes)
        }
    }
}

extension JPEG.MultiPictureFile {
    /// An image's bytes without its APP2 MPF segments: what stays the same when the writer
    /// moves the image (CIPA DC-007 §5.2.1 places the MPF segment in each image, and only it
    /// changes with the layout). Nil when the image's headers cannot be read.
    package static func bytesWithoutMPF(_ image: ArraySlice<UInt8>) -> [UInt8]? {
        try? replacingMPF(in: Array(image), with: nil, path: "")
    }
}
