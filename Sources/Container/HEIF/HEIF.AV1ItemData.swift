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
        /// The OBUs walked; the walk stops at `limit` and then says it is not `complete`.
        package let obuCount: Int
        package let complete: Bool
        /// Where each Sequence Header OBU starts.
        package let sequenceHeaderOffsets: [Int]
        /// The first Sequence Header OBU, and its payload's bytes.
        package let sequenceHeader: AV1SequenceHeader?
        package let sequenceHeaderPayload: [UInt8]
        /// Every frame header or frame OBU after the first sequence header, in order, each read
        /// with the reference slots the frames before it filled. Frames of every layer are read
        /// as one sequence; an operating point that leaves a layer out decodes its own.
        package let frames: [AV1FrameHeader]
        /// The first frame: a shown key frame makes the temporal unit a sync sample.
        package var firstFrame: AV1FrameHeader? { frames.first }
        /// Whether a frame names a spatial layer above the base (§6.2.3 spatial_id).
        package var hasSpatialLayers: Bool { frames.contains { $0.spatialID > 0 } }
        /// The spatial layers the frames name, each once, in increasing order.
        package var spatialLayers: [Int] {
            var seen: UInt8 = 0
            for f in frames { seen |= 1 << UInt8(f.spatialID & 3) }
            return (0..<4).filter { seen >> $0 & 1 == 1 }
        }
        /// The frame whose size the item's `ispe` gives (AVIF §2.1): for `layer` 0 to 3 (an
        /// `lsel`) the last output frame of that spatial layer; otherwise the last frame the
        /// operating point `operatingPoint` (an `a1op`, else 0) decodes. Nil when there is no
        /// such frame or operating point.
        package func imageFrame(operatingPoint: Int, layer: Int?) -> AV1FrameHeader? {
            if let layer { return frames.last { $0.spatialID == layer && $0.isOutput } }
            guard let points = sequenceHeader?.operatingPoints, points.indices.contains(operatingPoint) else { return nil }
            let idc = points[operatingPoint].idc
            return frames.last { $0.isDecoded(byOperatingPointIDC: idc) }
        }

        /// The file bytes the walk read: what a partial read loads before it.
        package let readRanges: [Range<Int>]
        /// What could not be read.
        package let issue: ParseError?

        /// More OBUs than any still image has: AV1 allows at most 4096 tiles (Annex A.3), each
        /// at most a tile group OBU of its own.
        package static let limit = 8192

        package init(bytes: [UInt8], ranges: [Range<Int>], path: String) {
            var view = ItemView(bytes: bytes, ranges: ranges)
            var obus = OBUWalk(path: path)
            var count = 0, pos = 0
            walk: while pos < view.total {
                guard count < AV1ItemData.limit else { break }
                count += 1
                let obuOffset = view.fileOffset(pos)
                let window = view.read(pos, min(10, view.total - pos))
                let obu: OBUHeader
                do throws(ParseError) {
                    obu = try OBUHeader(window, left: view.total - pos, number: count, at: obuOffset, path: path)
                } catch {
                    obus.issue = error
                    break walk
                }
                let start = pos + obu.headerLength
                switch obu.type {
                case 1:
                    obus.readSequenceHeader(&view, start: start, size: obu.size, at: obuOffset)
                case 3, 6:
                    // OBU_FRAME_HEADER, OBU_FRAME: a frame's header. A header repeated for the
                    // same frame is OBU_REDUNDANT_FRAME_HEADER (7), not read.
                    guard obus.readFrameHeader(&view, start: start, size: obu.size, layer: obu.layer) else { break walk }
                default:
                    break
                }
                pos = start + obu.size
            }
            obuCount = count
            complete = pos >= view.total && obus.issue == nil
            sequenceHeaderOffsets = obus.headers
            sequenceHeader = obus.header
            sequenceHeaderPayload = obus.payload
            self.frames = obus.frames
            readRanges = view.readRanges
            self.issue = obus.issue
        }
    }
}

extension HEIF.AV1ItemData {
    /// An OBU's obu_header() and obu_size, AV1 §5.3.1, §5.3.2: its type, the layer its
    /// extension names, and how many bytes the header and its payload take.
    fileprivate struct OBUHeader {
        let type: UInt8
        let layer: HEIF.AV1FrameHeader.Layer?
        /// obu_header() and obu_size together.
        let headerLength: Int
        /// The payload: obu_size, or without a size field the rest of the item.
        let size: Int

        /// Reads the OBU whose first bytes are `window`, `left` bytes before the item's end;
        /// errors name OBU `number`, which starts at file offset `obuOffset`.
        init(_ window: [UInt8], left: Int, number count: Int, at obuOffset: Int, path: String) throws(ParseError) {
            // obu_header(), §5.3.2: forbidden bit, type (4), extension flag, has_size_field, reserved.
            let h = window[0]
            let type = (h >> 3) & 0x0F, hasExtension = h & 0x04 != 0, hasSize = h & 0x02 != 0
            guard h & 0x80 == 0 else {
                throw ParseError(.av1DataInvalid, at: obuOffset, path: path, "OBU \(count): obu_forbidden_bit is 1")
            }
            var headerLength = 1
            var layer: HEIF.AV1FrameHeader.Layer? = nil
            if hasExtension {
                guard window.count > 1 else {
                    throw ParseError(.av1DataInvalid, at: obuOffset, path: path, "OBU \(count): the extension header is past the item's data")
                }
                layer = HEIF.AV1FrameHeader.Layer(temporalID: Int(window[1] >> 5), spatialID: Int((window[1] >> 3) & 3))
                headerLength = 2
            }
            var size = left - headerLength
            if hasSize {
                let (value, i) = try Self.obuSize(window, from: headerLength, number: count, at: obuOffset, path: path)
                guard value <= UInt64(UInt32.max), Int(value) <= left - headerLength - i else {
                    throw ParseError(.av1DataInvalid, at: obuOffset, path: path,
                                     "OBU \(count) (type \(type)): obu_size \(value) is past the \(left - headerLength - i) bytes left in the item")
                }
                size = Int(value)
                headerLength += i
            }
            self.type = type
            self.layer = layer
            self.headerLength = headerLength
            self.size = size
        }

        /// obu_size as leb128(), §4.10.5: at most 8 bytes, a value below 2^32; the value and
        /// how many bytes it took.
        private static func obuSize(_ window: [UInt8], from headerLength: Int, number count: Int, at obuOffset: Int,
                                    path: String) throws(ParseError) -> (value: UInt64, length: Int) {
            var value: UInt64 = 0, i = 0
            while true {
                guard headerLength + i < window.count, i < 8 else {
                    throw ParseError(.av1DataInvalid, at: obuOffset, path: path, "OBU \(count): obu_size is not a complete leb128 within 8 bytes of the item's data")
                }
                let b = window[headerLength + i]
                value |= UInt64(b & 0x7F) << (7 * UInt64(i))
                i += 1
                if b & 0x80 == 0 { break }
            }
            return (value, i)
        }
    }

    /// What the walk over an item's OBUs has read so far: the Sequence Header OBUs, the frame
    /// headers with the reference slots they fill (AV1 §7.20), and what could not be read.
    fileprivate struct OBUWalk {
        let path: String
        var headers: [Int] = []
        var header: HEIF.AV1SequenceHeader? = nil
        var payload: [UInt8] = []
        var frames: [HEIF.AV1FrameHeader] = []
        var references = HEIF.AV1FrameHeader.References()
        var issue: ParseError? = nil

        init(path: String) { self.path = path }

        /// OBU_SEQUENCE_HEADER (type 1) of `size` bytes at `start`: every one is counted, the
        /// first is read (sequence_header_obu(), §5.5).
        mutating func readSequenceHeader(_ view: inout HEIF.ItemView, start: Int, size: Int, at obuOffset: Int) {
            headers.append(obuOffset)
            guard header == nil else { return }
            // A sequence header is tens of bytes; one past this size is not read.
            guard size <= 4096 else {
                issue = ParseError(.av1DataInvalid, at: obuOffset, path: path, "the Sequence Header OBU is \(size) bytes")
                return
            }
            payload = view.read(start, size)
            do throws(ParseError) {
                header = try HEIF.AV1SequenceHeader(payload: payload, offset: view.fileOffset(start), path: path)
            } catch {
                issue = ParseError(.av1DataInvalid, at: error.offset, path: error.path, error.message)
            }
        }

        /// A frame header or frame OBU of `size` bytes at `start`, read once a sequence header is
        /// in force (uncompressed_header(), §5.9.2); false when it does not read, which ends the walk.
        mutating func readFrameHeader(_ view: inout HEIF.ItemView, start: Int, size: Int, layer: HEIF.AV1FrameHeader.Layer?) -> Bool {
            guard let sh = header else { return true }
            let head = view.read(start, min(size, 1024))
            do throws(ParseError) {
                let frame = try HEIF.AV1FrameHeader(parsing: head, offset: view.fileOffset(start), sh, layer: layer,
                                                    references: references, path: path)
                frames.append(frame)
                references.update(frame)
                return true
            } catch {
                issue = ParseError(.av1DataInvalid, at: error.offset, path: error.path, error.message)
                return false
            }
        }
    }
}
