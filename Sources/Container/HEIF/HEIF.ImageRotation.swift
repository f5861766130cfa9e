extension HEIF {
    /// `irot`: rotate the image anticlockwise by `angle` × 90°.
    /// ISO/IEC 23008-12 §6.5.10 ImageRotation: plain Box, `bit(6) reserved; unsigned int(2) angle`.
    public struct ImageRotation: Sendable, Equatable {
        /// Quarter turns anticlockwise, 0...3.
        public let angle: UInt8
        /// Degrees anticlockwise: 0, 90, 180 or 270.
        public var degrees: Int { Int(angle) &* 90 }  // safe: angle is masked to 0...3

        public init(angle: UInt8) { self.angle = angle & 3 }

        public init(parsing r: inout ByteReader) throws(ParseError) {
            angle = try r.readU8() & 3
            try r.expectEnd("irot")
        }

        public func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box(BMFF.BoxType.irot, to: &w) { w in w.u8(angle & 3) }
        }
    }
}
