extension HEIF {
    /// `pasp`: the relative width and height of a pixel.
    /// ISO/IEC 14496-12 §12.1.4 PixelAspectRatioBox, a plain Box:
    /// `unsigned int(32) hSpacing; unsigned int(32) vSpacing;`. ISO/IEC 23008-12 §6.5.4 makes it
    /// an item property; MIAF §7.3.6.5 has every MIAF image square (1:1).
    package struct PixelAspectRatio: Sendable, Equatable {
        package let hSpacing: UInt32
        package let vSpacing: UInt32

        package init(parsing r: inout ByteReader) throws(ParseError) {
            hSpacing = try r.readU32()
            vSpacing = try r.readU32()
            try r.expectEnd("pasp")
        }

        package init(hSpacing: UInt32, vSpacing: UInt32) {
            self.hSpacing = hSpacing
            self.vSpacing = vSpacing
        }

        /// Square: equal spacings (a 0 in either is no ratio at all).
        package var isSquare: Bool { hSpacing == vSpacing && hSpacing != 0 }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box("pasp", to: &w) { w in w.u32(hSpacing); w.u32(vSpacing) }
        }
    }
}
