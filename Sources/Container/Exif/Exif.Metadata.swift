extension Exif {
    /// The APP1 Exif segment: `"Exif\0\0"`, a TIFF header and IFD0, of which depthcheck needs
    /// the orientation.
    ///
    /// CIPA DC-008 (Exif 2.32) §4.5.4 (APP1 layout), §4.6.5 Table 4 (Orientation, tag 0x0112,
    /// SHORT, count 1).
    package struct Metadata: Sendable, Equatable {
        /// `Exif\0\0` (CIPA DC-008 §4.5.4).
        package static let identifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
        package static let orientationTag: UInt16 = 0x0112

        package let header: TIFFHeader
        package let ifd0: IFD
        /// The Orientation value as stored, 1...8 when valid; values outside are kept raw so that a
        /// validator can report them. Nil when absent or not a SHORT.
        package let orientation: UInt16?
        /// Absolute offset of the Orientation entry.
        package let orientationOffset: Int?
        package let path: String

        /// Parses an APP1 payload that starts with `Exif\0\0`, or, with `identifier: false`, a
        /// bare TIFF header as a HEIF `Exif` item holds it after its offset prefix
        /// (ISO/IEC 23008-12 Annex A.2.1).
        package init(parsing r: inout ByteReader, limits: ParseLimits = .default, identifier: Bool = true) throws(ParseError) {
            path = r.path
            if identifier { try r.skip(Metadata.identifier.count) }
            var tiff = try r.reader(from: r.position, path: path)
            header = try TIFFHeader(parsing: &tiff)
            ifd0 = try IFD(in: try r.reader(from: header.offset, path: path), endian: header.endian,
                           relativeOffset: header.firstIFDOffset, fieldOffset: header.offset + 4,
                           path: path + "/IFD0")
            if let e = ifd0.entry(Metadata.orientationTag), e.type == 3, e.count >= 1 {
                var v = try ByteReader(r.bytes, range: e.valueFieldOffset..<(e.valueFieldOffset + 2), path: path)
                orientation = try v.readU16(header.endian)
                orientationOffset = e.offset
            } else {
                orientation = nil
                orientationOffset = nil
            }
            _ = r.readRest()
        }
    }
}
