extension HEIF {
    /// `pixi`: channel count and bits per channel of the reconstructed image.
    /// ISO/IEC 23008-12 §6.5.6 PixelInformationProperty: FullBox v0,
    /// `u8 num_channels; u8 bits_per_channel[num_channels]`.
    public struct PixelInformation: Sendable, Equatable {
        public let bitsPerChannel: [UInt8]

        public init(parsing r: inout ByteReader) throws(ParseError) {
            let fb = try BMFF.FullBoxHeader(parsing: &r)
            try fb.require(maxVersion: 0, at: r.start, path: r.path)
            let n = Int(try r.readU8())
            bitsPerChannel = Array(try r.readBytes(n))
            try r.expectEnd("pixi")
        }

        public init(bitsPerChannel: [UInt8]) { self.bitsPerChannel = bitsPerChannel }

        public func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.fullBox(BMFF.BoxType.pixi, BMFF.FullBoxHeader(version: 0, flags: 0), to: &w) { w in
                w.u8(UInt8(truncatingIfNeeded: bitsPerChannel.count))
                w.append(bitsPerChannel)
            }
        }
    }
}
