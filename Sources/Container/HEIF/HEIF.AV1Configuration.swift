extension HEIF {
    /// `av1C`: the AV1 codec configuration of an `av01` item.
    /// AV1 Codec ISO Media File Format Binding §2.3.3 AV1CodecConfigurationRecord.
    ///
    /// ```
    /// unsigned int(1) marker = 1; unsigned int(7) version = 1;
    /// unsigned int(3) seq_profile; unsigned int(5) seq_level_idx_0;
    /// unsigned int(1) seq_tier_0; unsigned int(1) high_bitdepth; unsigned int(1) twelve_bit;
    /// unsigned int(1) monochrome; unsigned int(1) chroma_subsampling_x;
    /// unsigned int(1) chroma_subsampling_y; unsigned int(2) chroma_sample_position;
    /// unsigned int(3) reserved; unsigned int(1) initial_presentation_delay_present;
    /// unsigned int(4) initial_presentation_delay_minus_one / reserved;
    /// unsigned int(8) configOBUs[];          // to end of box
    /// ```
    package struct AV1Configuration: Sendable, Equatable {
        package let marker: Bool
        package let version: UInt8
        package let seqProfile: UInt8
        package let seqLevelIdx0: UInt8
        package let seqTier0: UInt8
        package let highBitdepth: Bool
        package let twelveBit: Bool
        package let monochrome: Bool
        package let chromaSubsamplingX: Bool
        package let chromaSubsamplingY: Bool
        package let chromaSamplePosition: UInt8
        /// Absolute range of the configuration OBUs.
        package let configOBUsRange: Range<Int>
        /// The payload of a Sequence Header OBU among the configuration OBUs, if one is there
        /// (AVIF v1.1.0 §2.2.1 has it match the item data's).
        package let sequenceHeaderPayload: [UInt8]?

        /// 8, 10 or 12.
        package var bitDepth: Int { highBitdepth ? (twelveBit ? 12 : 10) : 8 }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            let b0 = try r.readU8(), b1 = try r.readU8(), b2 = try r.readU8()
            _ = try r.readU8()
            marker = b0 & 0x80 != 0
            version = b0 & 0x7F
            seqProfile = b1 >> 5
            seqLevelIdx0 = b1 & 0x1F
            seqTier0 = b2 >> 7
            highBitdepth = b2 & 0x40 != 0
            twelveBit = b2 & 0x20 != 0
            monochrome = b2 & 0x10 != 0
            chromaSubsamplingX = b2 & 0x08 != 0
            chromaSubsamplingY = b2 & 0x04 != 0
            chromaSamplePosition = b2 & 3
            let s = r.position
            _ = r.readRest()
            configOBUsRange = s..<r.position
            let obus = AV1ItemData(bytes: r.bytes, ranges: [configOBUsRange], path: "av1C")
            sequenceHeaderPayload = obus.sequenceHeaderOffsets.isEmpty ? nil : obus.sequenceHeaderPayload
            try r.expectEnd("av1C")
        }
    }
}
