extension HEIF {
    /// The leading fields of an HEVC sequence parameter set, up to the bit depths: enough to
    /// know the coded picture size without decoding.
    /// ITU-T H.265 §7.3.2.2.1 seq_parameter_set_rbsp, §7.3.3 profile_tier_level.
    ///
    /// ```
    /// sps_video_parameter_set_id u(4); sps_max_sub_layers_minus1 u(3); sps_temporal_id_nesting_flag u(1);
    /// profile_tier_level(1, sps_max_sub_layers_minus1);
    /// sps_seq_parameter_set_id ue(v); chroma_format_idc ue(v);
    /// if (chroma_format_idc == 3) separate_colour_plane_flag u(1);
    /// pic_width_in_luma_samples ue(v); pic_height_in_luma_samples ue(v);
    /// conformance_window_flag u(1);
    /// if (conformance_window_flag) { conf_win_left_offset, _right_, _top_, _bottom_offset ue(v) }
    /// bit_depth_luma_minus8 ue(v); bit_depth_chroma_minus8 ue(v);
    /// ```
    package struct HEVCSequenceParameterSet: Sendable, Equatable {
        package let videoParameterSetID: UInt8
        package let maxSubLayersMinus1: UInt8
        package let generalProfileSpace: UInt8
        package let generalTierFlag: UInt8
        package let generalProfileIDC: UInt8
        package let generalLevelIDC: UInt8
        package let seqParameterSetID: UInt32
        package let chromaFormatIDC: UInt32
        package let separateColourPlane: Bool
        package let picWidthInLumaSamples: UInt32
        package let picHeightInLumaSamples: UInt32
        /// conf_win_left/right/top/bottom_offset as coded (in chroma units).
        package let confWinLeftOffset: UInt32
        package let confWinRightOffset: UInt32
        package let confWinTopOffset: UInt32
        package let confWinBottomOffset: UInt32
        package let bitDepthLuma: Int
        package let bitDepthChroma: Int
        /// Where conformance_window_flag is, and where bit_depth_luma_minus8 starts: bit
        /// positions in the RBSP (NAL header included, emulation prevention bytes removed), so
        /// a writer can replace the window and keep every other bit (`ConformanceWindowEditor`).
        package let conformanceWindowBit: Int
        package let bitDepthBit: Int

        /// SubWidthC and SubHeightC from H.265 Table 6-1; ChromaArrayType 0 (monochrome or
        /// separate planes) counts in luma samples.
        package var subWidthC: UInt32 {
            separateColourPlane ? 1 : (chromaFormatIDC == 1 || chromaFormatIDC == 2 ? 2 : 1)
        }
        package var subHeightC: UInt32 { separateColourPlane ? 1 : (chromaFormatIDC == 1 ? 2 : 1) }

        /// Output (cropped) width: pic_width − SubWidthC·(left + right), H.265 §7.4.3.2.1.
        /// Nil when the window is larger than the picture.
        package var croppedWidth: UInt32? {
            crop(picWidthInLumaSamples, subWidthC, confWinLeftOffset, confWinRightOffset)
        }
        package var croppedHeight: UInt32? {
            crop(picHeightInLumaSamples, subHeightC, confWinTopOffset, confWinBottomOffset)
        }

        private func crop(_ size: UInt32, _ sub: UInt32, _ a: UInt32, _ b: UInt32) -> UInt32? {
            let (sum, o1) = a.addingReportingOverflow(b)
            let (scaled, o2) = sum.multipliedReportingOverflow(by: sub)
            guard !o1, !o2, scaled <= size else { return nil }
            return size - scaled
        }

        /// Parses a whole SPS NAL unit (2-byte NAL header included); `offset` is its absolute
        /// position in the file.
        package init(nalUnit: ArraySlice<UInt8>, offset: Int, path: String) throws(ParseError) {
            var r = BitReader(BitReader.rbsp(nalUnit), offset: offset, path: path, codes: .parameterSet)
            // NAL header, H.265 §7.3.1.2: forbidden_zero_bit, nal_unit_type u(6), layer id u(6), tid u(3).
            _ = try r.bits(1)
            let type = try r.bits(6)
            guard type == 33 else {
                throw ParseError(.spsInvalid, at: offset, path: path, "NAL unit type \(type) is not SPS (33)")
            }
            try r.skip(9)
            videoParameterSetID = UInt8(try r.bits(4))
            maxSubLayersMinus1 = UInt8(try r.bits(3))
            _ = try r.bits(1)
            // profile_tier_level(1, maxSubLayersMinus1), H.265 §7.3.3.
            generalProfileSpace = UInt8(try r.bits(2))
            generalTierFlag = UInt8(try r.bits(1))
            generalProfileIDC = UInt8(try r.bits(5))
            try r.skip(32 + 4 + 43 + 1)
            generalLevelIDC = UInt8(try r.bits(8))
            let n = Int(maxSubLayersMinus1)
            var profilePresent: [Bool] = []
            var levelPresent: [Bool] = []
            for _ in 0..<n {
                profilePresent.append(try r.flag())
                levelPresent.append(try r.flag())
            }
            if n > 0 { try r.skip(2 * (8 - n)) }
            for i in 0..<n {
                // sub_layer profile: 2+1+5+32+4+43+1 = 88 bits; sub_layer_level_idc: 8 bits.
                if profilePresent[i] { try r.skip(88) }
                if levelPresent[i] { try r.skip(8) }
            }
            seqParameterSetID = try r.ue()
            chromaFormatIDC = try r.ue()
            guard chromaFormatIDC <= 3 else {
                throw ParseError(.spsInvalid, at: offset, path: path, "chroma_format_idc \(chromaFormatIDC) > 3")
            }
            separateColourPlane = chromaFormatIDC == 3 ? try r.flag() : false
            picWidthInLumaSamples = try r.ue()
            picHeightInLumaSamples = try r.ue()
            conformanceWindowBit = r.bitPosition
            if try r.flag() {
                confWinLeftOffset = try r.ue()
                confWinRightOffset = try r.ue()
                confWinTopOffset = try r.ue()
                confWinBottomOffset = try r.ue()
            } else {
                confWinLeftOffset = 0; confWinRightOffset = 0; confWinTopOffset = 0; confWinBottomOffset = 0
            }
            bitDepthBit = r.bitPosition
            let bl = try r.ue(), bc = try r.ue()
            // H.265 §7.4.3.2.1: bit_depth_*_minus8 shall be in 0...8.
            guard bl <= 8, bc <= 8 else {
                throw ParseError(.spsInvalid, at: offset, path: path, "bit depth minus 8 out of range (\(bl), \(bc))")
            }
            bitDepthLuma = Int(bl) &+ 8  // safe: bl is a UInt32, far from Int.max
            bitDepthChroma = Int(bc) &+ 8  // safe: bc is a UInt32, far from Int.max
        }
    }
}

extension BitReader.Codes {
    /// An H.265 parameter set (§7.3.2): what does not read is an invalid SPS.
    package static let parameterSet = Self(fieldTooWide: .truncated, expGolombTooLong: .spsInvalid)
}
