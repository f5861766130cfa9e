extension HEIF {
    /// An AV1 Sequence Header OBU's payload, read to the end of its colour configuration: what
    /// the `av1C` record repeats (profile, level, tier, bit depth, chroma layout), the frame
    /// size limits and what a frame header needs to be read.
    /// AV1 Bitstream & Decoding Process Specification §5.5 sequence_header_obu, §5.5.2 color_config.
    ///
    /// ```
    /// seq_profile f(3); still_picture f(1); reduced_still_picture_header f(1);
    /// if (reduced) seq_level_idx[0] f(5)
    /// else { timing_info_present_flag f(1) [timing_info, decoder_model_info_present_flag, decoder_model_info]
    ///        initial_display_delay_present_flag f(1); operating_points_cnt_minus_1 f(5);
    ///        per operating point: operating_point_idc f(12), seq_level_idx f(5), seq_tier f(1) when level > 7, … }
    /// frame_width_bits_minus_1 f(4); frame_height_bits_minus_1 f(4);
    /// max_frame_width_minus_1 f(n); max_frame_height_minus_1 f(n); … tool flags …; color_config()
    /// ```
    package struct AV1SequenceHeader: Sendable, Equatable {
        package struct OperatingPoint: Sendable, Equatable {
            package let idc: UInt16
            package let levelIdx: UInt8
            package let tier: UInt8
            package let decoderModelPresent: Bool
        }

        package let seqProfile: UInt8
        package let stillPicture: Bool
        package let reducedStillPictureHeader: Bool
        package let decoderModelInfoPresent: Bool
        package let equalPictureInterval: Bool
        package let bufferRemovalTimeLength: Int
        package let framePresentationTimeLength: Int
        package let operatingPoints: [OperatingPoint]
        package let frameWidthBits: Int
        package let frameHeightBits: Int
        package let maxFrameWidth: UInt32
        package let maxFrameHeight: UInt32
        package let frameIDNumbersPresent: Bool
        /// idLen of §5.9.2, when frame ids are present.
        package let frameIDLength: Int
        /// delta_frame_id_length_minus_2 + 2, when frame ids are present.
        package let deltaFrameIDLength: Int
        package let enableOrderHint: Bool
        package let orderHintBits: Int
        /// 0, 1, or 2 (SELECT_SCREEN_CONTENT_TOOLS / SELECT_INTEGER_MV).
        package let seqForceScreenContentTools: UInt8
        package let seqForceIntegerMV: UInt8
        package let enableSuperres: Bool
        package let highBitdepth: Bool
        package let twelveBit: Bool
        package let monochrome: Bool
        package let colorPrimaries: UInt8
        package let transferCharacteristics: UInt8
        package let matrixCoefficients: UInt8
        package let colorRange: Bool
        package let subsamplingX: Bool
        package let subsamplingY: Bool
        package let chromaSamplePosition: UInt8

        /// BitDepth of §5.5.2: 8, 10 or 12.
        package var bitDepth: Int { highBitdepth ? (twelveBit ? 12 : 10) : 8 }
        package var seqLevelIdx0: UInt8 { operatingPoints.first?.levelIdx ?? 0 }
        package var seqTier0: UInt8 { operatingPoints.first?.tier ?? 0 }

        /// Parses `payload` (the OBU's payload, its header and size field excluded); errors name
        /// `offset`, where the payload starts in the file.
        package init(payload: [UInt8], offset: Int, path: String) throws(ParseError) {
            var r = BitReader(payload, offset: offset, path: path, codes: .av1)
            seqProfile = UInt8(try r.bits(3, "seq_profile"))
            guard seqProfile <= 2 else {
                throw ParseError(.av1DataInvalid, at: offset, path: path, "seq_profile \(seqProfile) is reserved (AV1 §6.4.1: 0, 1 or 2)")
            }
            stillPicture = try r.flag()
            reducedStillPictureHeader = try r.flag()
            let points = reducedStillPictureHeader ? try OperatingPointsInfo(reducedFrom: &r) : try OperatingPointsInfo(reading: &r)
            decoderModelInfoPresent = points.decoderModelInfoPresent
            equalPictureInterval = points.equalPictureInterval
            bufferRemovalTimeLength = points.bufferRemovalTimeLength
            framePresentationTimeLength = points.framePresentationTimeLength
            operatingPoints = points.operatingPoints
            frameWidthBits = Int(try r.bits(4)) + 1
            frameHeightBits = Int(try r.bits(4)) + 1
            // safe: at most 16 bits, so + 1 stays far inside UInt32.
            maxFrameWidth = try r.bits(frameWidthBits) + 1
            maxFrameHeight = try r.bits(frameHeightBits) + 1
            frameIDNumbersPresent = reducedStillPictureHeader ? false : try r.flag()
            let ids = frameIDNumbersPresent ? try FrameIDLengths(reading: &r) : FrameIDLengths(frameID: 0, deltaFrameID: 0)
            frameIDLength = ids.frameID
            deltaFrameIDLength = ids.deltaFrameID
            // use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter.
            try r.skip(3)
            let tools = reducedStillPictureHeader ? InterCodingTools.reduced : try InterCodingTools(reading: &r)
            enableOrderHint = tools.enableOrderHint
            orderHintBits = tools.orderHintBits
            seqForceScreenContentTools = tools.seqForceScreenContentTools
            seqForceIntegerMV = tools.seqForceIntegerMV
            enableSuperres = try r.flag()
            // enable_cdef, enable_restoration.
            try r.skip(2)
            let color = try ColorConfig(reading: &r, seqProfile: seqProfile)
            highBitdepth = color.highBitdepth
            twelveBit = color.twelveBit
            monochrome = color.monochrome
            colorPrimaries = color.colorPrimaries
            transferCharacteristics = color.transferCharacteristics
            matrixCoefficients = color.matrixCoefficients
            colorRange = color.colorRange
            subsamplingX = color.subsamplingX
            subsamplingY = color.subsamplingY
            chromaSamplePosition = color.chromaSamplePosition
        }

        /// uvlc(), §4.10.3: leading zeros, a one, then as many bits (32 or more zeros: no bits).
        static func skipUVLC(_ r: inout BitReader) throws(ParseError) {
            var zeros = 0
            while try r.bits(1, "uvlc()") == 0 { zeros += 1 }
            if zeros < 32 { try r.skip(zeros) }
        }
    }
}

extension HEIF.AV1SequenceHeader {
    /// What a sequence header says of timing and its operating points: timing_info(),
    /// decoder_model_info() and each operating point's idc, level, tier and decoder model flag.
    /// AV1 §5.5.1 sequence_header_obu, §5.5.3 timing_info, §5.5.4 decoder_model_info.
    fileprivate struct OperatingPointsInfo {
        var decoderModelInfoPresent = false
        var equalPictureInterval = false
        var bufferRemovalTimeLength = 0
        var framePresentationTimeLength = 0
        var operatingPoints: [OperatingPoint] = []

        /// reduced_still_picture_header 1: seq_level_idx[0] alone, no timing, one operating point.
        init(reducedFrom r: inout BitReader) throws(ParseError) {
            operatingPoints = [OperatingPoint(idc: 0, levelIdx: UInt8(try r.bits(5)), tier: 0, decoderModelPresent: false)]
        }

        /// reduced_still_picture_header 0: timing_info_present_flag and what it brings, then
        /// initial_display_delay_present_flag and operating_points_cnt_minus_1 + 1 operating points.
        init(reading r: inout BitReader) throws(ParseError) {
            var bufferDelayLength = 0
            if try r.flag("timing_info_present_flag") {
                // timing_info(), §5.5.3: two 32-bit fields, then the optional interval.
                try r.skip(64)
                equalPictureInterval = try r.flag()
                if equalPictureInterval { try HEIF.AV1SequenceHeader.skipUVLC(&r) }
                decoderModelInfoPresent = try r.flag("decoder_model_info_present_flag")
                if decoderModelInfoPresent {
                    // decoder_model_info(), §5.5.4.
                    bufferDelayLength = Int(try r.bits(5)) + 1
                    try r.skip(32)
                    bufferRemovalTimeLength = Int(try r.bits(5)) + 1
                    framePresentationTimeLength = Int(try r.bits(5)) + 1
                }
            }
            let initialDisplayDelay = try r.flag()
            let count = Int(try r.bits(5)) + 1
            for _ in 0..<count {
                operatingPoints.append(try Self.operatingPoint(&r, decoderModel: decoderModelInfoPresent,
                                                               bufferDelayLength: bufferDelayLength,
                                                               initialDisplayDelay: initialDisplayDelay))
            }
        }

        /// One operating point: operating_point_idc, seq_level_idx, seq_tier (levels above 7),
        /// then operating_parameters_info() and the initial display delay when present.
        static func operatingPoint(_ r: inout BitReader, decoderModel: Bool, bufferDelayLength: Int,
                                   initialDisplayDelay: Bool) throws(ParseError) -> OperatingPoint {
            let idc = UInt16(try r.bits(12))
            let level = UInt8(try r.bits(5))
            let tier: UInt8 = level > 7 ? UInt8(try r.bits(1)) : 0
            var present = false
            if decoderModel {
                present = try r.flag()
                // operating_parameters_info(), §5.5.5.
                if present { try r.skip(2 * bufferDelayLength + 1) }
            }
            if initialDisplayDelay, try r.flag() { try r.skip(4) }
            return OperatingPoint(idc: idc, levelIdx: level, tier: tier, decoderModelPresent: present)
        }
    }

    /// delta_frame_id_length_minus_2 and additional_frame_id_length_minus_1 (AV1 §5.5.1), when
    /// frame_id_numbers_present_flag is set: idLen and the delta's length.
    fileprivate struct FrameIDLengths {
        let frameID: Int
        let deltaFrameID: Int

        init(frameID: Int, deltaFrameID: Int) {
            self.frameID = frameID
            self.deltaFrameID = deltaFrameID
        }

        init(reading r: inout BitReader) throws(ParseError) {
            let delta = Int(try r.bits(4)) + 2
            let additional = Int(try r.bits(3)) + 1
            frameID = delta + additional
            deltaFrameID = delta
        }
    }

    /// The inter coding tools of a sequence header that is not reduced (AV1 §5.5.1): order
    /// hints, seq_force_screen_content_tools and seq_force_integer_mv.
    fileprivate struct InterCodingTools {
        let enableOrderHint: Bool
        let orderHintBits: Int
        let seqForceScreenContentTools: UInt8
        let seqForceIntegerMV: UInt8

        /// reduced_still_picture_header 1: no order hints, both tools SELECT (2).
        static let reduced = InterCodingTools(enableOrderHint: false, orderHintBits: 0,
                                              seqForceScreenContentTools: 2, seqForceIntegerMV: 2)

        init(enableOrderHint: Bool, orderHintBits: Int, seqForceScreenContentTools: UInt8, seqForceIntegerMV: UInt8) {
            self.enableOrderHint = enableOrderHint
            self.orderHintBits = orderHintBits
            self.seqForceScreenContentTools = seqForceScreenContentTools
            self.seqForceIntegerMV = seqForceIntegerMV
        }

        init(reading r: inout BitReader) throws(ParseError) {
            // enable_interintra_compound, enable_masked_compound, enable_warped_motion, enable_dual_filter.
            try r.skip(4)
            enableOrderHint = try r.flag()
            if enableOrderHint { try r.skip(2) }
            let screen: UInt8 = try r.flag("seq_choose_screen_content_tools") ? 2 : UInt8(try r.bits(1))
            seqForceScreenContentTools = screen
            if screen > 0 {
                seqForceIntegerMV = try r.flag("seq_choose_integer_mv") ? 2 : UInt8(try r.bits(1))
            } else {
                seqForceIntegerMV = 2
            }
            orderHintBits = enableOrderHint ? Int(try r.bits(3)) + 1 : 0
        }
    }

    /// color_config(), AV1 §5.5.2: bit depth, monochrome, colour description, range,
    /// subsampling and chroma sample position.
    fileprivate struct ColorConfig {
        let highBitdepth: Bool
        let twelveBit: Bool
        let monochrome: Bool
        // Without a colour description: CP_UNSPECIFIED, TC_UNSPECIFIED, MC_UNSPECIFIED.
        var colorPrimaries: UInt8 = 2
        var transferCharacteristics: UInt8 = 2
        var matrixCoefficients: UInt8 = 2
        var colorRange = false
        var subsamplingX = false
        var subsamplingY = false
        var chromaSamplePosition: UInt8 = 0

        init(reading r: inout BitReader, seqProfile: UInt8) throws(ParseError) {
            highBitdepth = try r.flag()
            twelveBit = seqProfile == 2 && highBitdepth ? try r.flag() : false
            monochrome = seqProfile == 1 ? false : try r.flag()
            if try r.flag("color_description_present_flag") {
                colorPrimaries = UInt8(try r.bits(8))
                transferCharacteristics = UInt8(try r.bits(8))
                matrixCoefficients = UInt8(try r.bits(8))
            }
            if monochrome {
                colorRange = try r.flag()
                subsamplingX = true; subsamplingY = true
            } else if colorPrimaries == 1, transferCharacteristics == 13, matrixCoefficients == 0 {
                // BT.709 primaries, sRGB transfer, identity matrix: 4:4:4 full range, nothing coded.
                colorRange = true
            } else {
                colorRange = try r.flag()
                try readSubsampling(&r, seqProfile: seqProfile)
                chromaSamplePosition = subsamplingX && subsamplingY ? UInt8(try r.bits(2)) : 0
            }
        }

        /// subsampling_x and subsampling_y: fixed by seq_profile 0 and 1, coded for 12-bit profile 2.
        private mutating func readSubsampling(_ r: inout BitReader, seqProfile: UInt8) throws(ParseError) {
            switch seqProfile {
            case 0: subsamplingX = true; subsamplingY = true
            case 1: subsamplingX = false; subsamplingY = false
            default:
                if highBitdepth, twelveBit {
                    let x = try r.flag()
                    subsamplingX = x
                    subsamplingY = x ? try r.flag() : false
                } else {
                    subsamplingX = true; subsamplingY = false
                }
            }
        }
    }
}

extension BitReader.Codes {
    /// An AV1 OBU (AV1 §5): what does not read is invalid AV1 data.
    package static let av1 = Self(fieldTooWide: .av1DataInvalid, expGolombTooLong: .av1DataInvalid)
}
