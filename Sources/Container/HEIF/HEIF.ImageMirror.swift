extension HEIF {
    /// `imir`: mirror the image about an axis.
    /// ISO/IEC 23008-12 §6.5.12 ImageMirror: plain Box, `bit(7) reserved; unsigned int(1) axis`.
    /// axis 0 = vertical axis (left/right swap), 1 = horizontal axis (top/bottom swap) in the
    /// 2017+ text; libheif 1.15 reads the bit the other way round, so the raw
    /// bit is kept.
    package struct ImageMirror: Sendable, Equatable {
        package let axis: UInt8

        package init(parsing r: inout ByteReader) throws(ParseError) {
            axis = try r.readU8() & 1
            try r.expectEnd("imir")
        }

        package init(axis: UInt8) { self.axis = axis & 1 }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box(BMFF.BoxType.imir, to: &w) { w in w.u8(axis & 1) }
        }
    }
}
