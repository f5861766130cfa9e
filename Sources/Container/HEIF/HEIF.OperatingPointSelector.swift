extension HEIF {
    /// `a1op`: which operating point of a layered AV1 item is processed (AV1 Image File Format
    /// (AVIF) §2.3.2.1, a descriptive item property and a plain box: `unsigned int(8) op_index;`).
    /// Without one, operating point 0 is.
    package struct OperatingPointSelector: Sendable, Equatable {
        package let opIndex: UInt8

        package init(parsing r: inout ByteReader) throws(ParseError) {
            opIndex = try r.readU8()
            try r.expectEnd("a1op")
        }

        package init(opIndex: UInt8) { self.opIndex = opIndex }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box("a1op", to: &w) { w in w.u8(opIndex) }
        }
    }
}
