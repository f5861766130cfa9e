extension Exif {
    /// The 8-byte TIFF header that starts Exif and MPF data; every offset in the structure counts
    /// from its first byte.
    ///
    /// TIFF 6.0 §2 "Image File Header"; CIPA DC-008 §4.5.2; CIPA DC-007 §5.2.2 (MPF reuses it).
    /// ```
    /// byte order  2   "II" (little-endian) or "MM" (big-endian)
    /// magic       u16 42
    /// IFD0 offset u32 from the first byte of this header
    /// ```
    package struct TIFFHeader: Sendable, Equatable {
        /// Absolute offset of the byte-order mark: the base of every offset in the structure.
        package let offset: Int
        package let endian: Endian
        package let firstIFDOffset: UInt32

        package init(parsing r: inout ByteReader) throws(ParseError) {
            offset = r.position
            let order = try r.readU16(.big)
            switch order {
            case 0x4949: endian = .little
            case 0x4D4D: endian = .big
            default:
                throw ParseError(.tiffBadByteOrder, at: offset, path: r.path,
                                 "byte order 0x\(String(order, radix: 16)) is neither II nor MM")
            }
            let magicAt = r.position
            let magic = try r.readU16(endian)
            guard magic == 42 else {
                throw ParseError(.tiffBadMagic, at: magicAt, path: r.path, "magic \(magic), expected 42")
            }
            firstIFDOffset = try r.readU32(endian)
        }
    }
}
