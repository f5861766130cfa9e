import Testing
import Container
import TestSupport

/// An `av01` item's data as `HEIF.AV1ItemData` reads it: OBU headers (AV1 §5.3), the Sequence
/// Header OBU to its colour configuration (§5.5) and the first frame header to its size
/// (§5.9.2, §5.9.5), over one extent or several, and what it cannot read.
@Suite struct AV1ItemDataTests {
    /// heif-enc's AVIF (libaom): each item a temporal delimiter, a reduced still-picture
    /// sequence header and a frame OBU.
    @Test func heifEncAVIFReads() throws {
        let file = try HEIF.File(parsing: AVIFFixture.heifEncAlpha)
        #expect(file.issues.isEmpty)
        let primary = try #require(file.av1Items[1]), alpha = try #require(file.av1Items[2])
        #expect((primary.obuCount, primary.complete, primary.sequenceHeaderOffsets) == (3, true, [0x1E0]))
        #expect((alpha.obuCount, alpha.complete, alpha.sequenceHeaderOffsets) == (3, true, [0x1BE]))
        let p = try #require(primary.sequenceHeader), a = try #require(alpha.sequenceHeader)
        #expect((p.seqProfile, p.stillPicture, p.reducedStillPictureHeader, p.seqLevelIdx0, p.seqTier0) == (0, true, true, 0, 0))
        #expect((p.maxFrameWidth, p.maxFrameHeight, p.bitDepth, p.monochrome) == (64, 48, 8, false))
        #expect((p.subsamplingX, p.subsamplingY, p.chromaSamplePosition) == (true, true, 0))
        #expect((p.colorPrimaries, p.transferCharacteristics, p.matrixCoefficients) == (2, 2, 6))
        #expect((a.maxFrameWidth, a.maxFrameHeight, a.bitDepth, a.monochrome, a.colorRange) == (64, 48, 8, true, true))
        #expect(primary.sequenceHeaderPayload.count == 9 && alpha.sequenceHeaderPayload.count == 6)
        let frame = try #require(primary.firstFrame)
        #expect(frame.isShownKeyFrame && frame.width == 64 && frame.height == 48)
        #expect(!primary.hasSpatialLayers && primary.issue == nil)
        // The walk read the OBU headers and the sequence header, all inside the item's 68 bytes.
        #expect(primary.readRanges.allSatisfy { $0.lowerBound >= 0x1DE && $0.upperBound <= 0x1DE + 68 })
        // av1C holds no configOBUs.
        #expect(file.items.first { $0.id == 1 }?.av1C?.sequenceHeaderPayload == nil)
    }

    /// A full (not reduced) sequence header: one operating point at level 8 (so a tier bit),
    /// 10-bit frame sizes up to 640×480, order hints of 7 bits, screen content tools and
    /// integer MVs chosen per frame, 10-bit 4:2:0 with chroma sample position 1.
    static func sequenceHeader() -> [UInt8] {
        var w = BitWriter()
        w.bits(0, 3); w.flag(false); w.flag(false)          // seq_profile, still_picture, reduced
        w.flag(false); w.flag(false)                        // timing_info_present, initial_display_delay_present
        w.bits(0, 5)                                        // operating_points_cnt_minus_1
        w.bits(0, 12); w.bits(8, 5); w.flag(true)           // idc, seq_level_idx 8, seq_tier 1
        w.bits(9, 4); w.bits(9, 4); w.bits(639, 10); w.bits(479, 10)
        w.flag(false)                                       // frame_id_numbers_present_flag
        w.bits(0, 3)                                        // 128×128 sb, filter intra, intra edge
        w.bits(0, 4); w.flag(true); w.bits(0, 2)            // compound tools; enable_order_hint; jnt, ref mvs
        w.flag(true); w.flag(true)                          // choose screen content tools, integer mv
        w.bits(6, 3)                                        // order_hint_bits_minus_1
        w.bits(0, 3)                                        // superres, cdef, restoration
        w.flag(true); w.flag(false); w.flag(false)          // high_bitdepth, mono_chrome, colour description
        w.flag(false); w.bits(1, 2)                         // color_range, chroma_sample_position
        w.flag(false); w.flag(false); w.trailingBits()      // separate_uv_delta_q, film grain
        return w.bytes
    }

    /// A frame header OBU payload: `frameType` shown, its size overridden to 320×240.
    static func frameHeader(type frameType: UInt8) -> [UInt8] {
        var w = BitWriter()
        w.flag(false); w.bits(frameType, 2); w.flag(true)   // show_existing_frame, frame_type, show_frame
        if frameType != 0 { w.flag(false) }                 // error_resilient_mode
        w.flag(false); w.flag(true); w.flag(false)          // disable_cdf_update, allow_screen_content_tools, force_integer_mv
        w.flag(true); w.bits(0, 7)                          // frame_size_override_flag, order_hint
        w.bits(319, 10); w.bits(239, 10)
        w.trailingBits()
        return w.bytes
    }

    static func obu(_ type: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [type << 3 | 0x02, UInt8(payload.count)] + payload
    }

    @Test func aFullSequenceHeaderAndAKeyFrameSize() throws {
        let data = Self.obu(2, []) + Self.obu(1, Self.sequenceHeader()) + Self.obu(3, Self.frameHeader(type: 0)) + Self.obu(4, [0xAA, 0xBB])
        let item = HEIF.AV1ItemData(bytes: data, ranges: [0..<data.count], path: "t")
        #expect(item.issue == nil && item.complete && item.obuCount == 4)
        let sh = try #require(item.sequenceHeader)
        #expect((sh.reducedStillPictureHeader, sh.seqLevelIdx0, sh.seqTier0, sh.bitDepth) == (false, 8, 1, 10))
        #expect((sh.maxFrameWidth, sh.maxFrameHeight, sh.orderHintBits, sh.seqForceScreenContentTools, sh.seqForceIntegerMV) == (640, 480, 7, 2, 2))
        #expect((sh.subsamplingX, sh.subsamplingY, sh.chromaSamplePosition, sh.colorRange) == (true, true, 1, false))
        let frame = try #require(item.firstFrame)
        #expect((frame.frameType, frame.showFrame, frame.isShownKeyFrame, frame.width, frame.height) == (0, true, true, 320, 240))
        #expect(frame.offset == 2 + 2 + Self.sequenceHeader().count + 2)
    }

    @Test func anInterFrameFirstIsNotASyncSample() throws {
        let data = Self.obu(1, Self.sequenceHeader()) + Self.obu(3, Self.interFrameHeader(foundRef: false))
        let frame = try #require(HEIF.AV1ItemData(bytes: data, ranges: [0..<data.count], path: "t").firstFrame)
        #expect((frame.frameType, frame.isShownKeyFrame, frame.refreshFrameFlags, frame.width, frame.height) == (1, false, 0x02, 320, 240))
    }

    /// An inter frame header for `sequenceHeader(operatingPoints:)`, shown, refreshing slot 1,
    /// every reference slot 0. With `foundRef` its size is the first reference's
    /// (frame_size_with_refs, §5.9.7); otherwise 320×240, coded.
    static func interFrameHeader(foundRef: Bool) -> [UInt8] {
        var w = BitWriter()
        w.flag(false); w.bits(1, 2); w.flag(true)           // show_existing_frame, INTER_FRAME, show_frame
        w.flag(false); w.flag(false); w.flag(false)         // error_resilient_mode, disable_cdf_update, allow_screen_content_tools
        w.flag(true); w.bits(1, 7)                          // frame_size_override_flag, order_hint
        w.bits(7, 3); w.bits(0x02, 8)                       // primary_ref_frame, refresh_frame_flags
        w.flag(false)                                       // frame_refs_short_signaling
        for _ in 0..<7 { w.bits(0, 3) }                     // ref_frame_idx
        if foundRef {
            w.flag(true)                                    // found_ref for LAST_FRAME
        } else {
            for _ in 0..<7 { w.flag(false) }
            w.bits(319, 10); w.bits(239, 10)
        }
        w.flag(false)                                       // render_and_frame_size_different
        w.trailingBits()
        return w.bytes
    }

    /// `sequenceHeader()` with two operating points: 0 decodes spatial layers 0 and 1
    /// (operating_point_idc 0x301), 1 layer 0 only (0x101), both at level 0.
    static func layeredSequenceHeader() -> [UInt8] {
        var w = BitWriter()
        w.bits(0, 3); w.flag(false); w.flag(false)          // seq_profile, still_picture, reduced
        w.flag(false); w.flag(false)                        // timing_info_present, initial_display_delay_present
        w.bits(1, 5)                                        // operating_points_cnt_minus_1
        w.bits(0x301, 12); w.bits(0, 5)
        w.bits(0x101, 12); w.bits(0, 5)
        w.bits(9, 4); w.bits(9, 4); w.bits(639, 10); w.bits(479, 10)
        w.flag(false)                                       // frame_id_numbers_present_flag
        w.bits(0, 3)
        w.bits(0, 4); w.flag(true); w.bits(0, 2)            // enable_order_hint
        w.flag(true); w.flag(true)                          // choose screen content tools, integer mv
        w.bits(6, 3)                                        // order_hint_bits_minus_1
        w.bits(0, 3)
        w.flag(false); w.flag(false); w.flag(false)         // high_bitdepth, mono_chrome, color_description_present
        w.flag(false); w.bits(0, 2)
        w.flag(false); w.flag(false); w.trailingBits()
        return w.bytes
    }

    /// A frame OBU with an extension header naming temporal layer 0 and `spatialID`.
    static func layerOBU(_ type: UInt8, spatialID: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [type << 3 | 0x06, spatialID << 3, UInt8(payload.count)] + payload
    }

    /// A key frame of 320×240 in spatial layer 0 (override), then an inter frame in layer 1
    /// (AVIF §2.1: ispe is the last frame an operating point decodes, or an lsel's layer's).
    @Test func eachLayerAndOperatingPointHasItsFrame() throws {
        for foundRef in [false, true] {
            let data = Self.obu(1, Self.layeredSequenceHeader())
                + Self.layerOBU(3, spatialID: 0, Self.frameHeader(type: 0))
                + Self.layerOBU(3, spatialID: 1, Self.interFrameHeader(foundRef: foundRef))
            let item = HEIF.AV1ItemData(bytes: data, ranges: [0..<data.count], path: "t")
            #expect(item.issue == nil && item.frames.count == 2 && item.spatialLayers == [0, 1] && item.hasSpatialLayers)
            #expect(item.sequenceHeader?.operatingPoints.map(\.idc) == [0x301, 0x101])
            // Layer 1's frame: coded 320×240, or its reference's (layer 0's key frame, 320×240 too,
            // whose refresh of every slot it reads).
            let top = try #require(item.imageFrame(operatingPoint: 0, layer: nil))
            #expect((top.spatialID, top.frameType, top.width, top.height) == (1, 1, 320, 240))
            #expect(item.imageFrame(operatingPoint: 1, layer: nil)?.spatialID == 0)
            #expect(item.imageFrame(operatingPoint: 0, layer: 0)?.frameType == 0)
            #expect(item.imageFrame(operatingPoint: 0, layer: 1)?.spatialID == 1)
            #expect(item.imageFrame(operatingPoint: 2, layer: nil) == nil && item.imageFrame(operatingPoint: 0, layer: 2) == nil)
        }
    }

    /// frame_size_with_refs takes the size of the slot found_ref names: a key frame of 160×120
    /// in it gives the inter frame after it 160×120; an empty slot gives no size.
    @Test func aFoundReferenceGivesItsSize() throws {
        var key = BitWriter()
        key.flag(false); key.bits(0, 2); key.flag(true)     // a shown key frame
        key.flag(false); key.flag(false)                    // disable_cdf_update, allow_screen_content_tools
        key.flag(true); key.bits(0, 7)                      // frame_size_override_flag, order_hint
        key.bits(159, 10); key.bits(119, 10); key.trailingBits()
        let data = Self.obu(1, Self.sequenceHeader()) + Self.obu(3, key.bytes) + Self.obu(3, Self.interFrameHeader(foundRef: true))
        let item = HEIF.AV1ItemData(bytes: data, ranges: [0..<data.count], path: "t")
        #expect(item.frames.map(\.width) == [160, 160] && item.frames.map(\.height) == [120, 120])
        let alone = Self.obu(1, Self.sequenceHeader()) + Self.obu(3, Self.interFrameHeader(foundRef: true))
        let orphan = HEIF.AV1ItemData(bytes: alone, ranges: [0..<alone.count], path: "t")
        #expect(orphan.issue == nil && orphan.frames.count == 1 && orphan.firstFrame?.width == nil)
    }

    /// The same data in three extents with other bytes between them reads the same.
    @Test func extentsAreJoined() throws {
        let data = Self.obu(1, Self.sequenceHeader()) + Self.obu(3, Self.frameHeader(type: 0))
        let whole = HEIF.AV1ItemData(bytes: data, ranges: [0..<data.count], path: "t")
        let cut1 = 3, cut2 = 20
        let split = Array(data[0..<cut1]) + [0xFF, 0xFF] + Array(data[cut1..<cut2]) + [0xFF] + Array(data[cut2...])
        let joined = HEIF.AV1ItemData(bytes: split, ranges: [0..<cut1, (cut1 + 2)..<(cut2 + 2), (cut2 + 3)..<split.count], path: "t")
        #expect(joined.sequenceHeader == whole.sequenceHeader)
        #expect(joined.firstFrame?.width == 320 && joined.sequenceHeaderOffsets == [0])
    }

    /// An obu_size past the item's data, and a set forbidden bit: each an issue at the OBU.
    @Test func whatCannotBeReadIsAnIssueAtItsOBU() throws {
        let past = Self.obu(2, []) + [0x0A, 0x40, 0x00]
        let a = HEIF.AV1ItemData(bytes: past, ranges: [0..<past.count], path: "meta/iloc/item[1]:av01")
        let issue = try #require(a.issue)
        #expect((issue.code, issue.offset, a.complete) == (.av1DataInvalid, 2, false))
        #expect(issue.message == "OBU 2 (type 1): obu_size 64 is past the 1 bytes left in the item")
        let forbidden: [UInt8] = [0x92, 0x00]
        let b = HEIF.AV1ItemData(bytes: forbidden, ranges: [0..<2], path: "t")
        #expect(b.issue?.message == "OBU 1: obu_forbidden_bit is 1")
        // A sequence header that ends before its colour configuration.
        let short = Self.obu(1, Array(Self.sequenceHeader().prefix(4)))
        let c = HEIF.AV1ItemData(bytes: short, ranges: [0..<short.count], path: "t")
        #expect(c.issue?.code == .av1DataInvalid && c.sequenceHeader == nil && c.sequenceHeaderOffsets == [0])
    }
}
