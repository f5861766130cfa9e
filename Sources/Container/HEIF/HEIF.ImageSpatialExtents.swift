extension HEIF {
    /// `ispe`: the width and height of an image item, before any transform.
    /// ISO/IEC 23008-12 §6.5.3 ImageSpatialExtentsProperty: FullBox v0, `u32 image_width; u32 image_height`.
    package struct ImageSpatialExtents: Sendable, Equatable {
        package let width: UInt32
        package let height: UInt32

        package init(width: UInt32, height: UInt32) { self.width = width; self.height = height }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            let fb = try BMFF.FullBoxHeader(parsing: &r)
            try fb.require(maxVersion: 0, at: r.start, path: r.path)
            width = try r.readU32()
            height = try r.readU32()
            try r.expectEnd("ispe")
        }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.fullBox(BMFF.BoxType.ispe, BMFF.FullBoxHeader(version: 0, flags: 0), to: &w) { w in
                w.u32(width); w.u32(height)
            }
        }
    }
}
