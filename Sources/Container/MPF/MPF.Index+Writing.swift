extension MPF.Index {
    /// An index to write, laid out as iPhones lay it out: a full index (`entries` not nil)
    /// for the first image, a stub (B000 and B001 only) for every other image (CIPA DC-007
    /// §5.2.3: MPEntry is required only in the first image). It is made by reading its own
    /// bytes, so it is exactly what a reader of the written segment gets; its offsets count
    /// from the start of the APP2 payload.
    package init(endian: Endian = .big, numberOfImages: UInt32, entries: [MPF.EntryValues]?) throws(ParseError) {
        var r = ByteReader(Self.serialized(endian: endian, numberOfImages: numberOfImages, entries: entries), path: "APP2/MPF")
        var issues: [ParseError] = []
        try self.init(parsing: &r, limits: .default, issues: &issues)
        if let first = issues.first { throw first }
    }

    /// Offset of the TIFF header inside the APP2 payload: after "MPF\0".
    package static let tiffHeaderOffsetInPayload = 4
    /// Offset of the TIFF header from the APP2 marker: marker (2), length (2), "MPF\0" (4).
    package static let tiffHeaderOffsetInSegment = 8

    /// The APP2 payload (without marker and length) that says what this index says: its
    /// byte order, number of images and entries (none for a stub), in the layout of
    /// `serialized(endian:numberOfImages:entries:)`.
    package func serialized() -> [UInt8] {
        Self.serialized(endian: endian, numberOfImages: numberOfImages ?? UInt32(truncatingIfNeeded: entries.count),
                        entries: isStub ? nil : entries.map(MPF.EntryValues.init))
    }

    /// The whole APP2 segment: marker, length and payload (T.81 B.1.1.4).
    package func segment() -> [UInt8] {
        let payload = serialized()
        var w = ByteWriter()
        w.u8(0xFF); w.u8(JPEG.Marker.app2.rawValue)
        w.u16(UInt16(truncatingIfNeeded: payload.count + 2))
        w.append(payload)
        return w.bytes
    }

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
    static func serialized(endian e: Endian, numberOfImages: UInt32, entries: [MPF.EntryValues]?) -> [UInt8] {
        var w = ByteWriter()
        w.append(identifier)
        w.append(e == .big ? [0x4D, 0x4D] : [0x49, 0x49])
        w.u16(42, e)
        w.u32(8, e)
        let tags = entries == nil ? 2 : 3
        w.u16(UInt16(tags), e)
        // B000: UNDEFINED (7), count 4, the value inline (§5.2.3.1.1).
        w.u16(versionTag, e); w.u16(7, e); w.u32(4, e); w.ascii("0100")
        // B001: LONG (4), count 1 (§5.2.3.1.2).
        w.u16(numberOfImagesTag, e); w.u16(4, e); w.u32(1, e); w.u32(numberOfImages, e)
        if let entries {
            // B002: UNDEFINED, 16 bytes per entry, stored after the IFD (§5.2.3.1.3).
            let entriesAt = 8 + 2 + 12 * tags + 4
            w.u16(entryTag, e); w.u16(7, e); w.u32(UInt32(truncatingIfNeeded: 16 * entries.count), e)
            w.u32(UInt32(entriesAt), e)
        }
        w.u32(0, e)
        for x in entries ?? [] {
            w.u32(x.attribute, e); w.u32(x.size, e); w.u32(x.imageOffset, e)
            w.u16(x.dependentImage1, e); w.u16(x.dependentImage2, e)
        }
        return w.bytes
    }
}
