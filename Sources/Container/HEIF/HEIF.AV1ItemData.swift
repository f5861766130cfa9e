extension HEIF {
    /// What an `av01` item's data says of itself, read from its OBU headers, its Sequence Header
    /// OBUs and the start of its first frame header; tile data is stepped over, never read.
    /// AV1 Bitstream & Decoding Process Specification §5.3 OBU syntax, §5.9.2 uncompressed_header;
    /// AV1 Codec ISO Media File Format Binding §2.4 (the last OBU of a sample may have no size
    /// field and then fills the rest).
    ///
    /// The data is the item's extents joined in order (ISO/IEC 14496-12 §8.11.3). What does not
    /// read is `issue`; whether the data is what AVIF requires is for the rules to judge.
    package struct AV1ItemData: Sendable, Equatable {
        /// The first frame of the data: whether it is a shown key frame, which is what makes a
        /// temporal unit a sync sample, and for such a frame its size.
        package struct FrameStart: Sendable, Equatable {
            /// Where the frame header (or frame) OBU's payload starts.
            package let offset: Int
            package let showExistingFrame: Bool
            /// frame_type: 0 KEY_FRAME, 1 INTER_FRAME, 2 INTRA_ONLY_FRAME, 3 SWITCH_FRAME (§6.8.2).
            package let frameType: UInt8
            package let showFrame: Bool
            /// UpscaledWidth and FrameHeight (§5.9.5 frame_size), read for a shown key frame.
            package let width: UInt32?
            package let height: UInt32?

            package var isShownKeyFrame: Bool { !showExistingFrame && frameType == 0 && showFrame }
        }

        /// The OBUs walked; the walk stops at `limit` and then says it is not `complete`.
        package let obuCount: Int
        package let complete: Bool
        /// Where each Sequence Header OBU starts.
        package let sequenceHeaderOffsets: [Int]
        /// The first Sequence Header OBU, and its payload's bytes.
        package let sequenceHeader: AV1SequenceHeader?
        package let sequenceHeaderPayload: [UInt8]
        /// Whether an OBU extension header names a spatial layer above the base (§6.2.3
        /// spatial_id): the first frame is then not the image the item shows.
        package let hasSpatialLayers: Bool
        /// The first frame header or frame OBU after the first sequence header.
        package let firstFrame: FrameStart?
        /// The file bytes the walk read: what a partial read loads before it.
        package let readRanges: [Range<Int>]
        /// What could not be read.
        package let issue: ParseError?

        /// More OBUs than any still image has: AV1 allows at most 4096 tiles (Annex A.3), each
        /// at most a tile group OBU of its own.
        package static let limit = 8192

        package init(bytes: [UInt8], ranges: [Range<Int>], path: String) {
            var view = ItemView(bytes: bytes, ranges: ranges)
            var count = 0, pos = 0
            var headers: [Int] = []
            var header: AV1SequenceHeader? = nil
            var payload: [UInt8] = []
            var frame: FrameStart? = nil
            var issue: ParseError? = nil
            var layered = false
            walk: while pos < view.total {
                guard count < AV1ItemData.limit else { break }
                count += 1
                let obuOffset = view.fileOffset(pos)
                let window = view.read(pos, min(10, view.total - pos))
                // obu_header(), §5.3.2: forbidden bit, type (4), extension flag, has_size_field, reserved.
                let h = window[0]
                let type = (h >> 3) & 0x0F, hasExtension = h & 0x04 != 0, hasSize = h & 0x02 != 0
                guard h & 0x80 == 0 else {
                    issue = ParseError(.av1DataInvalid, at: obuOffset, path: path, "OBU \(count): obu_forbidden_bit is 1")
                    break walk
                }
                var headerLength = 1
                var temporalID = 0, spatialID = 0
                if hasExtension {
                    guard window.count > 1 else {
                        issue = ParseError(.av1DataInvalid, at: obuOffset, path: path, "OBU \(count): the extension header is past the item's data")
                        break walk
                    }
                    temporalID = Int(window[1] >> 5)
                    spatialID = Int((window[1] >> 3) & 3)
                    if spatialID > 0 { layered = true }
                    headerLength = 2
                }
                var size = view.total - pos - headerLength
                if hasSize {
                    // leb128(), §4.10.5: at most 8 bytes, a value below 2^32.
                    var value: UInt64 = 0, i = 0
                    while true {
                        guard headerLength + i < window.count, i < 8 else {
                            issue = ParseError(.av1DataInvalid, at: obuOffset, path: path, "OBU \(count): obu_size is not a complete leb128 within 8 bytes of the item's data")
                            break walk
                        }
                        let b = window[headerLength + i]
                        value |= UInt64(b & 0x7F) << (7 * UInt64(i))
                        i += 1
                        if b & 0x80 == 0 { break }
                    }
                    guard value <= UInt64(UInt32.max), Int(value) <= view.total - pos - headerLength - i else {
                        issue = ParseError(.av1DataInvalid, at: obuOffset, path: path,
                                           "OBU \(count) (type \(type)): obu_size \(value) is past the \(view.total - pos - headerLength - i) bytes left in the item")
                        break walk
                    }
                    size = Int(value)
                    headerLength += i
                }
                let start = pos + headerLength
                switch type {
                case 1:
                    headers.append(obuOffset)
                    guard header == nil else { break }
                    // A sequence header is tens of bytes; one past this size is not read.
                    guard size <= 4096 else {
                        issue = ParseError(.av1DataInvalid, at: obuOffset, path: path, "the Sequence Header OBU is \(size) bytes")
                        break
                    }
                    payload = view.read(start, size)
                    do throws(ParseError) {
                        header = try AV1SequenceHeader(payload: payload, offset: view.fileOffset(start), path: path)
                    } catch {
                        issue = ParseError(.av1DataInvalid, at: error.offset, path: error.path, error.message)
                    }
                case 3, 6:
                    // OBU_FRAME_HEADER, OBU_FRAME: the first one's header.
                    guard frame == nil, let sh = header else { break }
                    let head = view.read(start, min(size, 1024))
                    do throws(ParseError) {
                        frame = try AV1ItemData.frameStart(head, offset: view.fileOffset(start), sh,
                                                           temporalID: temporalID, spatialID: spatialID, path: path)
                    } catch {
                        issue = ParseError(.av1DataInvalid, at: error.offset, path: error.path, error.message)
                    }
                default:
                    break
                }
                pos = start + size
            }
            obuCount = count
            complete = pos >= view.total && issue == nil
            sequenceHeaderOffsets = headers
            sequenceHeader = header
            sequenceHeaderPayload = payload
            firstFrame = frame
            hasSpatialLayers = layered
            readRanges = view.readRanges
            self.issue = issue
        }

        /// uncompressed_header() to frame_size(), §5.9.2 and §5.9.5, for the frame types and
        /// the show flags; the size only for a shown key frame, whose header reads no
        /// reference state.
        static func frameStart(_ head: [UInt8], offset: Int, _ sh: AV1SequenceHeader,
                               temporalID: Int, spatialID: Int, path: String) throws(ParseError) -> FrameStart {
            if sh.reducedStillPictureHeader {
                // A key frame, shown, with the sequence's maximum size (frame_size_override_flag 0).
                return FrameStart(offset: offset, showExistingFrame: false, frameType: 0, showFrame: true,
                                  width: sh.maxFrameWidth, height: sh.maxFrameHeight)
            }
            var r = BitReader(head, offset: offset, path: path, codes: .av1)
            if try r.flag("show_existing_frame") {
                return FrameStart(offset: offset, showExistingFrame: true, frameType: 0, showFrame: true, width: nil, height: nil)
            }
            let type = UInt8(try r.bits(2, "frame_type"))
            let show = try r.flag("show_frame")
            func start(_ w: UInt32?, _ h: UInt32?) -> FrameStart {
                FrameStart(offset: offset, showExistingFrame: false, frameType: type, showFrame: show, width: w, height: h)
            }
            guard type == 0, show else { return start(nil, nil) }
            if sh.decoderModelInfoPresent, !sh.equalPictureInterval {
                // temporal_point_info(): frame_presentation_time.
                try r.skip(sh.framePresentationTimeLength)
            }
            // error_resilient_mode is 1 for a shown key frame, not coded; disable_cdf_update.
            try r.skip(1)
            let screenContent = sh.seqForceScreenContentTools == 2 ? try r.flag() : sh.seqForceScreenContentTools == 1
            if screenContent, sh.seqForceIntegerMV == 2 { try r.skip(1) }
            if sh.frameIDNumbersPresent { try r.skip(sh.frameIDLength) }
            let override = try r.flag("frame_size_override_flag")
            try r.skip(sh.orderHintBits)
            // primary_ref_frame is PRIMARY_REF_NONE for an intra frame, not coded.
            if sh.decoderModelInfoPresent, try r.flag("buffer_removal_time_present_flag") {
                for op in sh.operatingPoints where op.decoderModelPresent {
                    let idc = Int(op.idc)
                    let inTemporal = (idc >> temporalID) & 1 == 1, inSpatial = (idc >> (spatialID + 8)) & 1 == 1
                    if idc == 0 || (inTemporal && inSpatial) { try r.skip(sh.bufferRemovalTimeLength) }
                }
            }
            // refresh_frame_flags is allFrames for a shown key frame, not coded; frame_size().
            guard override else { return start(sh.maxFrameWidth, sh.maxFrameHeight) }
            // safe: at most 16 bits, so + 1 stays far inside UInt32.
            let w = try r.bits(sh.frameWidthBits, "frame_width_minus_1") + 1
            let h = try r.bits(sh.frameHeightBits, "frame_height_minus_1") + 1
            return start(w, h)
        }
    }

    /// An item's extents as one run of bytes: logical positions to file offsets, and every
    /// file range read through it.
    struct ItemView {
        let bytes: [UInt8]
        let ranges: [Range<Int>]
        let total: Int
        private(set) var readRanges: [Range<Int>] = []

        init(bytes: [UInt8], ranges: [Range<Int>]) {
            // Extents were checked against the file when iloc was read; only those inside
            // `bytes` are kept, so every read below is in bounds.
            let kept = ranges.filter { $0.lowerBound >= 0 && $0.upperBound <= bytes.count }
            self.bytes = bytes
            self.ranges = kept
            total = kept.reduce(0) { $0 + $1.count }
        }

        /// The file offset of logical position `p` (the end of the last extent past the end).
        func fileOffset(_ p: Int) -> Int {
            var left = p
            for r in ranges {
                if left < r.count { return r.lowerBound + left }
                left -= r.count
            }
            return ranges.last?.upperBound ?? 0
        }

        /// `count` bytes from logical position `p` (fewer past the end).
        mutating func read(_ p: Int, _ count: Int) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(max(0, count))
            var skip = p, want = count
            for r in ranges where want > 0 {
                if skip >= r.count { skip -= r.count; continue }
                let a = r.lowerBound + skip, b = min(r.upperBound, a + want)
                out.append(contentsOf: bytes[a..<b])
                readRanges.append(a..<b)
                want -= b - a
                skip = 0
            }
            return out
        }
    }
}
