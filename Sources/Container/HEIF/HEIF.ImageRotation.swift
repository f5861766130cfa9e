extension HEIF {
    /// `irot`: rotate the image anticlockwise by `angle` × 90°.
    /// ISO/IEC 23008-12 §6.5.10 ImageRotation: plain Box, `bit(6) reserved; unsigned int(2) angle`.
    package struct ImageRotation: Sendable, Equatable {
        /// Quarter turns anticlockwise, 0...3.
        package let angle: UInt8
        /// Degrees anticlockwise: 0, 90, 180 or 270.
        package var degrees: Int { Int(angle) &* 90 }  // safe: angle is masked to 0...3

        package init(angle: UInt8) { self.angle = angle & 3 }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            angle = try r.readU8() & 3
            try r.expectEnd("irot")
        }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box(BMFF.BoxType.irot, to: &w) { w in w.u8(angle & 3) }
        }
    }
}
