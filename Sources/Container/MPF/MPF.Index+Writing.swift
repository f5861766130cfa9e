extension MPF.Index {
    /// An index to write, laid out as iPhones lay it out: a full index (`entries` not nil)
    /// for the first image, a stub (B000 and B001 only) for every other image (CIPA DC-007
    /// §5.2.3: MPEntry is required only in the first image). It is made by reading its own
    /// bytes, so it is exactly what a reader of the written segment gets; its offsets count
    /// from the start of the APP2 payload.
    /// An index whose segment would not fit an APP2 segment (65,533 bytes of payload) is
    /// refused here, so every index made so writes whole.
    package init(endian: Endian = .big, numberOfImages: UInt32, entries: [MPF.EntryValues]?) throws(WriteError) {
        var r = ByteReader(try Self.serialized(endian: endian, numberOfImages: numberOfImages, entries: entries), path: "APP2/MPF")
        var issues: [ParseError] = []
        do throws(ParseError) { try self.init(parsing: &r, limits: .default, issues: &issues) } catch { throw WriteError(error) }
        if let first = issues.first { throw WriteError(first) }
    }

    /// Offset of the TIFF header from the APP2 marker: marker (2), length (2), "MPF\0" (4).
    package static let tiffHeaderOffsetInSegment = 8

    /// The APP2 payload (without marker and length) that says what this index says: its
    /// byte order, number of images and entries (none for a stub), in the layout of
    /// `serialized(endian:numberOfImages:entries:)`.
    /// An index read from a file says its number of images (B001) or has at most as many
    /// entries as its segment held; refused when neither fits what is written.
    package func serialized() throws(WriteError) -> [UInt8] {
        guard let count = numberOfImages ?? UInt32(exactly: entries.count) else {
            throw WriteError(.fieldOverflow, at: 0, path: "APP2/MPF", "\(entries.count) images")
        }
        return try Self.serialized(endian: endian, numberOfImages: count, entries: isStub ? nil : entries.map(MPF.EntryValues.init))
    }

    /// The whole APP2 segment: marker, length and payload (T.81 B.1.1.4).
    package func segment() throws(WriteError) -> [UInt8] {
        let payload = try serialized()
        var w = ByteWriter()
        w.u8(0xFF); w.u8(JPEG.Marker.app2.rawValue)
        // `serialized` refuses a payload longer than an APP2 segment's length can say.
        w.u16(UInt16(payload.count + 2))
        w.append(payload)
        return w.bytes
    }

    /// The most payload an APP2 segment holds: its 16-bit length counts itself (T.81 B.1.1.4).
    static let maxPayload = 0xFFFF - 2

    /// The payload of an index as depthcheck writes it, CIPA DC-007 §5.2.1-§5.2.3:
    /// ```
    /// "MPF\0"
    /// TIFF header  "MM" 42 | "II" 42, first IFD offset = 8
    /// MP Index IFD count (2 or 3)
    ///   B000 MPFVersion     UNDEFINED 4  "0100"
    ///   B001 NumberOfImages LONG 1
    ///   B002 MPEntry        UNDEFINED 16·N, offset of the entry array (full index only)
    ///   next IFD = 0 (no MP Attribute IFD)
    /// MP entries, 16 bytes each, right after the IFD
    /// ```
    /// The optional ImageUIDList, TotalFrames and the MP Attribute IFD are not written:
    /// offsets and sizes change when images are added or removed, and nothing depthcheck
    /// reads needs them.
    static func serialized(endian e: Endian, numberOfImages: UInt32, entries: [MPF.EntryValues]?) throws(WriteError) -> [UInt8] {
        var tiff = Exif.TIFFWriter(endian: e)
        // B000: UNDEFINED, count 4, the value inline (§5.2.3.1.1).
        try tiff.undefined(versionTag, Array("0100".utf8))
        // B001: LONG, count 1 (§5.2.3.1.2).
        try tiff.long(numberOfImagesTag, [numberOfImages])
        if let entries {
            // B002: UNDEFINED, 16 bytes per entry, stored after the IFD (§5.2.3.1.3).
            var w = ByteWriter()
            for x in entries {
                w.u32(x.attribute, e); w.u32(x.size, e); w.u32(x.imageOffset, e)
                w.u16(x.dependentImage1, e); w.u16(x.dependentImage2, e)
            }
            try tiff.undefined(entryTag, w.bytes)
        }
        let payload = identifier + (try tiff.bytes())
        guard payload.count <= maxPayload else {
            throw WriteError(.fieldOverflow, at: 0, path: "APP2/MPF",
                             "an index of \(entries?.count ?? 0) entries is \(payload.count) bytes; an APP2 segment holds \(maxPayload)")
        }
        return payload
    }
}
