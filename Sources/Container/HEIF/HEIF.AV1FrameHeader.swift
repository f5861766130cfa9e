extension HEIF {
    /// The start of one AV1 frame header, uncompressed_header() up to its frame size
    /// (AV1 Bitstream & Decoding Process Specification §5.9.2, §5.9.5 frame_size, §5.9.7
    /// frame_size_with_refs): the frame type, whether it is shown, which reference slots it
    /// refreshes and the size it decodes to. The rest of the header, and the tiles, are not read.
    package struct AV1FrameHeader: Sendable, Equatable {
        /// Where the frame header (or frame) OBU's payload starts.
        package let offset: Int
        /// The OBU extension's temporal_id and spatial_id (§6.2.3); nil for an OBU without one,
        /// which every operating point decodes.
        package let layer: Layer?
        package let showExistingFrame: Bool
        /// frame_type: 0 KEY_FRAME, 1 INTER_FRAME, 2 INTRA_ONLY_FRAME, 3 SWITCH_FRAME (§6.8.2).
        package let frameType: UInt8
        package let showFrame: Bool
        /// refresh_frame_flags: the reference slots this frame is stored in.
        package let refreshFrameFlags: UInt8
        /// UpscaledWidth and FrameHeight (§5.9.5, §5.9.7); nil when they depend on what is not
        /// read: a reference slot no earlier frame filled, or frame_refs_short_signaling's
        /// derived references (§7.8).
        package let width: UInt32?
        package let height: UInt32?

        package struct Layer: Sendable, Equatable {
            package let temporalID: Int
            package let spatialID: Int
        }

        package var isShownKeyFrame: Bool { !showExistingFrame && frameType == 0 && showFrame }
        /// spatial_id, 0 for an OBU without an extension.
        package var spatialID: Int { layer?.spatialID ?? 0 }
        /// Whether it produces an output frame (§7.18: a shown frame, or one shown again).
        package var isOutput: Bool { showFrame || showExistingFrame }

        /// Whether operating point `idc` decodes this frame (§7.1 drops an OBU with an
        /// extension whose layers the operating point's operating_point_idc leaves out).
        package func isDecoded(byOperatingPointIDC idc: UInt16) -> Bool {
            guard let l = layer, idc != 0 else { return true }
            return (Int(idc) >> l.temporalID) & 1 == 1 && (Int(idc) >> (l.spatialID + 8)) & 1 == 1
        }

        /// The size of each reference slot (RefUpscaledWidth, RefFrameHeight) after the frames so
        /// far; nil for a slot no frame filled.
        package struct References: Sendable, Equatable {
            package private(set) var sizes: [Size?] = Array(repeating: nil, count: 8)

            package struct Size: Sendable, Equatable {
                package let width: UInt32
                package let height: UInt32
            }

            package init() {}

            /// §7.20 reference frame update process: the slots in refresh_frame_flags take the
            /// frame's size.
            mutating func update(_ frame: AV1FrameHeader) {
                guard let w = frame.width, let h = frame.height else {
                    for i in 0..<8 where frame.refreshFrameFlags >> i & 1 == 1 { sizes[i] = nil }
                    return
                }
                for i in 0..<8 where frame.refreshFrameFlags >> i & 1 == 1 { sizes[i] = Size(width: w, height: h) }
            }
        }

        /// Reads `head`, the start of a frame header or frame OBU's payload, with the sequence
        /// header `sh` in force and the reference slots as the frames before it left them.
        init(parsing head: [UInt8], offset: Int, _ sh: AV1SequenceHeader, layer: Layer?,
             references: References, path: String) throws(ParseError) {
            self.offset = offset
            self.layer = layer
            if sh.reducedStillPictureHeader {
                // A key frame, shown, with the sequence's maximum size (frame_size_override_flag 0).
                (showExistingFrame, frameType, showFrame, refreshFrameFlags) = (false, 0, true, 0xFF)
                (width, height) = (sh.maxFrameWidth, sh.maxFrameHeight)
                return
            }
            var r = BitReader(head, offset: offset, path: path, codes: .av1)
            if try r.flag("show_existing_frame") {
                // The frame shown is the one in frame_to_show_map_idx; nothing is refreshed
                // (a key frame shown again reloads its own slots, which keeps their sizes).
                let slot = Int(try r.bits(3, "frame_to_show_map_idx"))
                (showExistingFrame, frameType, showFrame, refreshFrameFlags) = (true, 0, true, 0)
                let shown = references.sizes[slot]
                (width, height) = (shown?.width, shown?.height)
                return
            }
            showExistingFrame = false
            let type = UInt8(try r.bits(2, "frame_type"))
            frameType = type
            showFrame = try r.flag("show_frame")
            let intra = type == 0 || type == 2
            if showFrame, sh.decoderModelInfoPresent, !sh.equalPictureInterval {
                // temporal_point_info(): frame_presentation_time.
                try r.skip(sh.framePresentationTimeLength)
            }
            if !showFrame { try r.skip(1) }  // showable_frame
            let errorResilient = type == 3 || (type == 0 && showFrame) ? true : try r.flag("error_resilient_mode")
            try r.skip(1)  // disable_cdf_update
            let screenContent = sh.seqForceScreenContentTools == 2 ? try r.flag() : sh.seqForceScreenContentTools == 1
            if screenContent, sh.seqForceIntegerMV == 2 { try r.skip(1) }
            if sh.frameIDNumbersPresent { try r.skip(sh.frameIDLength) }  // current_frame_id
            let override = type == 3 ? true : try r.flag("frame_size_override_flag")
            try r.skip(sh.orderHintBits)  // order_hint
            if !(intra || errorResilient) { try r.skip(3) }  // primary_ref_frame
            if sh.decoderModelInfoPresent, try r.flag("buffer_removal_time_present_flag") {
                try AV1FrameHeader.skipBufferRemovalTimes(&r, sh, layer: layer)
            }
            let refresh: UInt8 = type == 3 || (type == 0 && showFrame) ? 0xFF : UInt8(try r.bits(8, "refresh_frame_flags"))
            refreshFrameFlags = refresh
            if (!intra || refresh != 0xFF), errorResilient, sh.enableOrderHint {
                try r.skip(8 * sh.orderHintBits)  // ref_order_hint[i]
            }
            if intra {
                (width, height) = try AV1FrameHeader.frameSize(&r, sh, override: override)
            } else {
                (width, height) = try AV1FrameHeader.interFrameSize(&r, sh, override: override, errorResilient: errorResilient,
                                                                    references: references)
            }
        }

        /// buffer_removal_time (§5.9.2): one for each operating point with a decoder model
        /// whose operating_point_idc takes in this OBU's layers (or every layer).
        private static func skipBufferRemovalTimes(_ r: inout BitReader, _ sh: AV1SequenceHeader, layer: Layer?) throws(ParseError) {
            for op in sh.operatingPoints where op.decoderModelPresent {
                let idc = Int(op.idc)
                let inTemporal = (idc >> (layer?.temporalID ?? 0)) & 1 == 1
                let inSpatial = (idc >> ((layer?.spatialID ?? 0) + 8)) & 1 == 1
                if idc == 0 || (inTemporal && inSpatial) { try r.skip(sh.bufferRemovalTimeLength) }
            }
        }

        /// frame_size(), §5.9.5: the sequence's maximum size, unless frame_size_override_flag
        /// codes frame_width_minus_1 and frame_height_minus_1.
        private static func frameSize(_ r: inout BitReader, _ sh: AV1SequenceHeader, override: Bool) throws(ParseError) -> (UInt32, UInt32) {
            guard override else { return (sh.maxFrameWidth, sh.maxFrameHeight) }
            // safe: at most 16 bits, so + 1 stays far inside UInt32.
            let w = try r.bits(sh.frameWidthBits, "frame_width_minus_1") + 1
            let h = try r.bits(sh.frameHeightBits, "frame_height_minus_1") + 1
            return (w, h)
        }

        /// An inter frame's size: its reference choices (frame_refs_short_signaling,
        /// ref_frame_idx, delta_frame_id_minus_1), then frame_size_with_refs(), §5.9.7, or frame_size().
        private static func interFrameSize(_ r: inout BitReader, _ sh: AV1SequenceHeader, override: Bool, errorResilient: Bool,
                                           references: References) throws(ParseError) -> (UInt32?, UInt32?) {
            let shortSignaling = sh.enableOrderHint ? try r.flag("frame_refs_short_signaling") : false
            if shortSignaling { try r.skip(6) }  // last_frame_idx, gold_frame_idx
            var slots: [Int] = []
            for _ in 0..<7 {
                if !shortSignaling { slots.append(Int(try r.bits(3, "ref_frame_idx"))) }
                if sh.frameIDNumbersPresent { try r.skip(sh.deltaFrameIDLength) }  // delta_frame_id_minus_1
            }
            guard override, !errorResilient else { return try frameSize(&r, sh, override: override) }
            // frame_size_with_refs(): the first reference flagged found_ref gives the size.
            for i in 0..<7 {
                guard try r.flag("found_ref") else { continue }
                guard !shortSignaling, let size = references.sizes[slots[i]] else { return (nil, nil) }
                return (size.width, size.height)
            }
            return try frameSize(&r, sh, override: override)
        }
    }
}
