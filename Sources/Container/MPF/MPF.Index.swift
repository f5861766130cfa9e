extension MPF {
    /// The APP2 MPF segment: the MP Index IFD with its MP entries and, when the next-IFD offset
    /// is not 0, the MP Attribute IFD.
    ///
    /// CIPA DC-007 §5.2.1 (APP2 layout), §5.2.3 (MP Index IFD), §5.2.4 (MP Attribute IFD).
    /// ```
    /// "MPF\0"
    /// TIFF header (II/MM, 42, first IFD offset)    every offset counts from the byte-order mark
    /// MP Index IFD: B000 MPFVersion "0100", B001 NumberOfImages, B002 MPEntry (16·N bytes),
    ///               B003 ImageUIDList (33·N), B004 TotalFrames; next IFD = MP Attribute IFD
    /// ```
    /// Secondary images carry a stub with B000 and B001 only (CIPA DC-007 §5.2.3: MPEntry is
    /// required only in the first image); `isStub` tells them apart.
    package struct Index: Sendable, Equatable {
        package static let identifier: [UInt8] = [0x4D, 0x50, 0x46, 0x00]

        package static let versionTag: UInt16 = 0xB000
        package static let numberOfImagesTag: UInt16 = 0xB001
        package static let entryTag: UInt16 = 0xB002
        package static let imageUIDListTag: UInt16 = 0xB003
        package static let totalFramesTag: UInt16 = 0xB004

        package let header: Exif.TIFFHeader
        /// Absolute offset of the TIFF header: in the primary, the base of every image offset.
        package var tiffHeaderOffset: Int { header.offset }
        package var endian: Endian { header.endian }
        package let indexIFD: Exif.IFD
        /// B000 as text (CIPA DC-007 §5.2.3.1.1 wants "0100"), nil when absent or unreadable.
        package let version: String?
        /// B001, nil when absent or not one LONG.
        package let numberOfImages: UInt32?
        /// The MP entries of B002 (empty in a stub).
        package let entries: [Entry]
        /// Absolute range of B003, when present.
        package let imageUIDList: Range<Int>?
        /// B004, when present.
        package let totalFrames: UInt32?
        /// The MP Attribute IFD, when the index's next-IFD offset is not 0 and it could be read.
        package let attributeIFD: Exif.IFD?
        /// The MP Attribute values: of `attributeIFD`, or, in images 2..n whose MP Extensions
        /// hold only an MP Attribute IFD (CIPA DC-007 §5.2.3), of the first IFD. Nil when
        /// neither holds any.
        package let attributes: Attributes?
        /// e.g. `APP2#1/MPF`.
        package let path: String

        /// True for the stub of a secondary image: no MPEntry (B002).
        package var isStub: Bool { indexIFD.entry(Index.entryTag) == nil }

        /// Parses an APP2 payload starting with `MPF\0`. Throws when the TIFF header or the index
        /// IFD cannot be read; tags or an attribute IFD that cannot be read go to `issues`. The
        /// values are kept as declared: whether they are valid is the validator's judgement.
        package init(parsing r: inout ByteReader, limits: ParseLimits, issues: inout [ParseError]) throws(ParseError) {
            path = r.path
            try r.skip(Index.identifier.count)
            let tiff = try r.reader(from: r.position, path: path)
            var h = tiff
            header = try Exif.TIFFHeader(parsing: &h)
            let e = header.endian
            indexIFD = try Exif.IFD(in: tiff, endian: e, relativeOffset: header.firstIFDOffset,
                                    fieldOffset: header.offset + 4, path: path)
            _ = r.readRest()

            var version: String?
            if let v = indexIFD.entry(Index.versionTag) {
                do throws(ParseError) {
                    let range = try v.valueRange(in: tiff, path: path)
                    version = String(decoding: tiff.bytes[range], as: UTF8.self)
                } catch { issues.append(error) }
            }
            self.version = version

            // CIPA DC-007 §5.2.3.1.2: a LONG, count 1. Any other form is not a number of images.
            if let n = indexIFD.entry(Index.numberOfImagesTag), n.type == 4, n.count == 1 {
                numberOfImages = n.valueOrOffset
            } else {
                numberOfImages = nil
            }

            var entries: [Entry] = []
            if let b002 = indexIFD.entry(Index.entryTag) {
                let count = Int(b002.count)
                do throws(ParseError) {
                    try limits.check(count / 16, limits.maxItems, "MP entries", at: b002.offset, path: path)
                    let range = try b002.valueRange(in: tiff, path: path)
                    var er = try tiff.reader(at: range.lowerBound, count: range.count, path: path)
                    entries.reserveCapacity(count / 16)
                    // Whole entries only: a remainder is no entry (CIPA DC-007 §5.2.3.1.3: 16 bytes each).
                    var number = 1
                    while er.remaining >= 16 {
                        er.path = path + "/MPEntry[\(number)]"
                        entries.append(try Entry(parsing: &er, endian: e, number: number))
                        number += 1
                    }
                } catch { issues.append(error) }
            }
            self.entries = entries

            var uids: Range<Int>?
            if let b003 = indexIFD.entry(Index.imageUIDListTag) {
                do throws(ParseError) { uids = try b003.valueRange(in: tiff, path: path) } catch { issues.append(error) }
            }
            imageUIDList = uids
            if let b004 = indexIFD.entry(Index.totalFramesTag), b004.type == 4 { totalFrames = b004.valueOrOffset } else {
                totalFrames = nil
            }

            var attributes: Exif.IFD?
            if indexIFD.nextIFDOffset != 0 {
                do throws(ParseError) {
                    attributes = try Exif.IFD(in: tiff, endian: e, relativeOffset: indexIFD.nextIFDOffset,
                                              fieldOffset: indexIFD.nextIFDFieldOffset,
                                              path: path + "/MPAttributeIFD")
                } catch { issues.append(error) }
            }
            attributeIFD = attributes
            // The first IFD is an MP Attribute IFD when it holds no MP Index tags.
            let stub = indexIFD.entry(Index.entryTag) == nil && indexIFD.entry(Index.numberOfImagesTag) == nil
            if let ifd = attributes ?? (stub ? indexIFD : nil) {
                let a = Attributes(ifd: ifd, tiff: tiff, endian: e, path: attributes == nil ? path : path + "/MPAttributeIFD", issues: &issues)
                self.attributes = a.isEmpty ? nil : a
            } else {
                self.attributes = nil
            }
        }
    }
}
