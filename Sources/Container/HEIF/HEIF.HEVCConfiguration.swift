extension HEIF {
    /// `hvcC`: the HEVC decoder configuration of an `hvc1` item, with its parameter-set NAL units.
    /// ISO/IEC 14496-15 §8.3.3.1 HEVCDecoderConfigurationRecord (ISO/IEC 23008-12 §B.4 for images).
    ///
    /// ```
    /// u8 configurationVersion;
    /// u2 general_profile_space; u1 general_tier_flag; u5 general_profile_idc;
    /// u32 general_profile_compatibility_flags; u48 general_constraint_indicator_flags;
    /// u8 general_level_idc;
    /// bit(4) reserved; u12 min_spatial_segmentation_idc;
    /// bit(6) reserved; u2 parallelismType;
    /// bit(6) reserved; u2 chroma_format_idc;
    /// bit(5) reserved; u3 bit_depth_luma_minus8;
    /// bit(5) reserved; u3 bit_depth_chroma_minus8;
    /// u16 avgFrameRate; u2 constantFrameRate; u3 numTemporalLayers; u1 temporalIdNested;
    /// u2 lengthSizeMinusOne;
    /// u8 numOfArrays;
    /// for (j < numOfArrays) { u1 array_completeness; bit(1) reserved; u6 NAL_unit_type;
    ///   u16 numNalus; for (i < numNalus) { u16 nalUnitLength; u8 nalUnit[nalUnitLength]; } }
    /// ```
    /// The first SPS (NAL type 33) is parsed for the coded picture size, so the size in the
    /// bitstream can be checked against `ispe` without decoding any picture.
    package struct HEVCConfiguration: Sendable, Equatable {
        package let configurationVersion: UInt8
        package let generalProfileSpace: UInt8
        package let generalTierFlag: UInt8
        package let generalProfileIDC: UInt8
        package let generalProfileCompatibilityFlags: UInt32
        package let generalConstraintIndicatorFlags: UInt64
        package let generalLevelIDC: UInt8
        package let minSpatialSegmentationIDC: UInt16
        package let parallelismType: UInt8
        package let chromaFormatIDC: UInt8
        package let bitDepthLuma: Int
        package let bitDepthChroma: Int
        package let avgFrameRate: UInt16
        package let constantFrameRate: UInt8
        package let numTemporalLayers: UInt8
        package let temporalIDNested: Bool
        package let lengthSize: Int
        package let arrays: [NALArray]
        /// The first SPS, parsed; nil when there is none or it is broken (see `spsError`).
        package let sps: HEVCSequenceParameterSet?
        package let spsError: ParseError?

        package struct NALArray: Sendable, Equatable {
            package let arrayCompleteness: Bool
            package let nalUnitType: UInt8
            /// Absolute byte ranges of each NAL unit (header included).
            package let units: [Range<Int>]
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            configurationVersion = try r.readU8()
            let b = try r.readU8()
            generalProfileSpace = b >> 6
            generalTierFlag = (b >> 5) & 1
            generalProfileIDC = b & 0x1F
            generalProfileCompatibilityFlags = try r.readU32()
            generalConstraintIndicatorFlags = UInt64(try r.readU32()) << 16 | UInt64(try r.readU16())
            generalLevelIDC = try r.readU8()
            minSpatialSegmentationIDC = try r.readU16() & 0x0FFF
            parallelismType = try r.readU8() & 3
            chromaFormatIDC = try r.readU8() & 3
            bitDepthLuma = Int(try r.readU8() & 7) + 8
            bitDepthChroma = Int(try r.readU8() & 7) + 8
            avgFrameRate = try r.readU16()
            let f = try r.readU8()
            constantFrameRate = f >> 6
            numTemporalLayers = (f >> 3) & 7
            temporalIDNested = f & 4 != 0
            lengthSize = Int(f & 3) &+ 1  // safe: 1...4
            let numArrays = Int(try r.readU8())
            var list: [NALArray] = []
            list.reserveCapacity(numArrays)
            let base = r.path
            for j in 0..<numArrays {
                let t = try r.readU8()
                let countOffset = r.position
                let n = Int(try r.readU16())
                // Each NAL unit needs at least its 2-byte length, so a count larger than that
                // cannot be honest; checked before anything is allocated.
                guard let minBytes = n *? 2, minBytes <= r.remaining else {
                    throw ParseError(.truncated, at: countOffset, path: "\(base)/array[\(j)]",
                                     "numNalus \(n) cannot fit in \(r.remaining) bytes")
                }
                var units: [Range<Int>] = []
                units.reserveCapacity(n)
                for _ in 0..<n {
                    let len = Int(try r.readU16())
                    let s = r.position
                    try r.skip(len)
                    units.append(s..<r.position)
                }
                list.append(NALArray(arrayCompleteness: t & 0x80 != 0, nalUnitType: t & 0x3F, units: units))
            }
            arrays = list
            try r.expectEnd("hvcC")
            // H.265 §7.4.2.2: NAL unit type 33 is SPS_NUT.
            if let spsRange = list.first(where: { $0.nalUnitType == 33 })?.units.first {
                do throws(ParseError) {
                    sps = try HEVCSequenceParameterSet(nalUnit: r.bytes[spsRange], offset: spsRange.lowerBound,
                                                       path: base + "/SPS")
                    spsError = nil
                } catch {
                    sps = nil
                    spsError = error
                }
            } else {
                sps = nil
                spsError = nil
            }
        }
    }
}
