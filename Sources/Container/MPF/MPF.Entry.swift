extension MPF {
    /// One 16-byte MP entry of the MPEntry (B002) array, in the TIFF header's byte order.
    ///
    /// CIPA DC-007 §5.2.3.3:
    /// ```
    /// attribute   u32  bit 31 dependent parent, bit 30 dependent child, bit 29 representative,
    ///                  bits 26-24 image data format (0 = JPEG), bits 23-0 MP type code
    /// size        u32  SOI to EOI
    /// offset      u32  from the first image's MPF TIFF header; 0 for the first image
    /// dependent 1 u16  entry number (1-based), 0 = none
    /// dependent 2 u16
    /// ```
    package struct Entry: Sendable, Equatable {
        /// 1-based entry number, as MPF counts.
        package let number: Int
        package let attribute: UInt32
        package let size: UInt32
        package let imageOffset: UInt32
        package let dependentImage1: UInt16
        package let dependentImage2: UInt16
        /// Absolute offset of the entry in the file.
        package let offset: Int
        /// e.g. `APP2#1/MPF/MPEntry[2]`.
        package let path: String

        package var isDependentParent: Bool { attribute & 0x8000_0000 != 0 }
        package var isDependentChild: Bool { attribute & 0x4000_0000 != 0 }
        package var isRepresentative: Bool { attribute & 0x2000_0000 != 0 }
        /// Bits 26-24; 0 means JPEG.
        package var dataFormat: UInt8 { UInt8((attribute >> 24) & 0x07) }
        package var type: ImageType { ImageType(code: attribute & 0x00FF_FFFF) }

        /// Absolute offsets of the size and offset fields, named by errors.
        package var sizeFieldOffset: Int { offset + 4 }
        package var offsetFieldOffset: Int { offset + 8 }

        package init(parsing r: inout ByteReader, endian: Endian, number: Int) throws(ParseError) {
            self.number = number
            offset = r.position
            path = r.path
            attribute = try r.readU32(endian)
            size = try r.readU32(endian)
            imageOffset = try r.readU32(endian)
            dependentImage1 = try r.readU16(endian)
            dependentImage2 = try r.readU16(endian)
        }
    }
}
