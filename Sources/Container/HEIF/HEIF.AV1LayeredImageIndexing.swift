extension HEIF {
    /// `a1lx`: the size in bytes of each layer of a layered AV1 item's data but the last, in
    /// increasing spatial_id (AVIF §2.3.2.3, a descriptive item property and a plain box:
    /// `unsigned int(7) reserved; unsigned int(1) large_size;` then three sizes of 16 bits, or
    /// 32 with large_size).
    package struct AV1LayeredImageIndexing: Sendable, Equatable {
        package let largeSize: Bool
        package let layerSizes: [UInt32]

        package init(parsing r: inout ByteReader) throws(ParseError) {
            largeSize = try r.readU8() & 1 == 1
            var sizes: [UInt32] = []
            for _ in 0..<3 { sizes.append(largeSize ? try r.readU32() : UInt32(try r.readU16())) }
            layerSizes = sizes
            try r.expectEnd("a1lx")
        }

        /// Three sizes; large_size when one of them needs more than 16 bits.
        package init(layerSizes: [UInt32]) {
            self.layerSizes = Array((layerSizes + [0, 0, 0]).prefix(3))
            largeSize = self.layerSizes.contains { $0 > UInt32(UInt16.max) }
        }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box("a1lx", to: &w) { w in
                w.u8(largeSize ? 1 : 0)
                for s in layerSizes {
                    // safe: largeSize is set whenever a size needs more than 16 bits.
                    if largeSize { w.u32(s) } else { w.u16(fitting: s, "a1lx layer_size") }
                }
            }
        }
    }
}
