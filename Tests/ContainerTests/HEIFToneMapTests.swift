import Testing
import Container
import TestSupport

/// The `tmap` item data (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4, ISO 21496-1 Annex C.2) and the
/// `grpl`/`altr` entity groups (ISO/IEC 14496-12 §8.18): every field read exactly, and written
/// back byte for byte.
@Suite struct HEIFToneMapTests {
    /// A three-channel ToneMapImage written field by field in the Annex C.2 order.
    static let threeChannels: [UInt8] = {
        var w = ByteWriter()
        w.u8(0)                                   // version
        w.u16(0); w.u16(3)                        // minimum_version, writer_version
        w.u8(0xC0)                                // is_multichannel, use_base_colour_space
        w.u32(1); w.u32(2)                        // base_hdr_headroom 1/2
        w.u32(13); w.u32(4)                       // alternate_hdr_headroom 13/4
        let channels: [[UInt32]] = [
            // gain_map_min, gain_map_max, gamma, base_offset, alternate_offset (n, d each)
            [UInt32(bitPattern: -1), 8, 7, 2, 1, 1, 1, 64, 1, 64],
            [0, 1, 5, 2, 3, 2, UInt32(bitPattern: -3), 128, 0, 1],
            [UInt32(bitPattern: -2_147_483_648), 1, 2_147_483_647, 1, 4_294_967_295, 4_294_967_295, 0, 1, UInt32(bitPattern: -5), 10],
        ]
        for c in channels { for v in c { w.u32(v) } }
        return w.bytes
    }()

    static func parse(_ bytes: [UInt8]) throws(ParseError) -> HEIF.ToneMap {
        var r = ByteReader(bytes, path: "tmap")
        return try HEIF.ToneMap(parsing: &r)
    }

    static func written(_ t: HEIF.ToneMap) -> [UInt8] {
        var w = ByteWriter()
        t.write(to: &w)
        return w.bytes
    }

    @Test func everyFieldOfAThreeChannelMapIsReadExactly() throws {
        let t = try Self.parse(Self.threeChannels)
        #expect(t.version == 0 && t.minimumVersion == 0 && t.writerVersion == 3 && t.unreadBytes.isEmpty)
        let m = try #require(t.metadata)
        #expect(m.flags == 0xC0 && m.isMultichannel && m.useBaseColourSpace)
        #expect(m.baseHdrHeadroom == HEIF.Fraction(1, 2) && m.baseHdrHeadroom.value == 0.5)
        #expect(m.alternateHdrHeadroom == HEIF.Fraction(13, 4) && m.alternateHdrHeadroom.value == 3.25)
        #expect(m.channels == [
            HEIF.GainMapChannel(gainMapMin: .init(-1, 8), gainMapMax: .init(7, 2), gamma: .init(1, 1),
                                baseOffset: .init(1, 64), alternateOffset: .init(1, 64)),
            HEIF.GainMapChannel(gainMapMin: .init(0, 1), gainMapMax: .init(5, 2), gamma: .init(3, 2),
                                baseOffset: .init(-3, 128), alternateOffset: .init(0, 1)),
            HEIF.GainMapChannel(gainMapMin: .init(-2_147_483_648, 1), gainMapMax: .init(2_147_483_647, 1),
                                gamma: .init(4_294_967_295, 4_294_967_295), baseOffset: .init(0, 1),
                                alternateOffset: .init(-5, 10)),
        ])
        #expect(m.channels.map { $0.baseOffset.value } == [0.015625, -0.0234375, 0])
        #expect(m.channels[2].alternateOffset.value == -0.5 && m.channels[2].gamma.value == 1)
        #expect(Self.written(t) == Self.threeChannels)
    }

    @Test func aSingleChannelMapHasOneEntry() throws {
        var bytes = Array(Self.threeChannels.prefix(22 + 40))
        bytes[5] = 0x00
        let t = try Self.parse(bytes)
        let m = try #require(t.metadata)
        #expect(!m.isMultichannel && !m.useBaseColourSpace && m.channels.count == 1)
        #expect(m.channels[0].gainMapMin.value == -0.125 && m.channels[0].gainMapMax.value == 3.5)
        #expect(Self.written(t) == bytes)
    }

    @Test func unknownVersionsAreKeptUnread() throws {
        var v1 = Self.threeChannels
        v1[0] = 1
        let a = try Self.parse(v1)
        #expect(a.version == 1 && a.minimumVersion == nil && a.metadata == nil && a.unreadBytes == Array(v1.dropFirst()))
        #expect(Self.written(a) == v1)
        var min1 = Self.threeChannels
        min1[2] = 1
        let b = try Self.parse(min1)
        #expect(b.minimumVersion == 1 && b.writerVersion == 3 && b.metadata == nil && b.unreadBytes.count == min1.count - 5)
        #expect(Self.written(b) == min1)
    }

    @Test func bytesAfterTheFieldsAreKept() throws {
        let bytes = Self.threeChannels + [0xAB, 0xCD]
        let t = try Self.parse(bytes)
        #expect(t.unreadBytes == [0xAB, 0xCD] && t.metadata?.channels.count == 3)
        #expect(Self.written(t) == bytes)
    }

    @Test func everyStrictPrefixOfTheMetadataFails() {
        for n in 0..<Self.threeChannels.count {
            #expect(throws: ParseError.self, "prefix \(n)") { try Self.parse(Array(Self.threeChannels.prefix(n))) }
        }
    }

    @Test func missingChannelBytesAreFoundBeforeAnyChannelIsRead() {
        let bytes = Array(Self.threeChannels.prefix(22 + 40 + 39))
        #expect(throws: ParseError(.truncated, at: 22, path: "")) { try Self.parse(bytes) }
    }

    @Test func groupsListReadsAltrAndOtherGroupsAndWritesThemBack() throws {
        let box = BMFFBuilder.box("grpl") { b in
            b.fullBox("altr") { b in b.u32(7); b.u32(2); b.u32(5); b.u32(1) }
            b.fullBox("ster", version: 0, flags: 0) { b in b.u32(8); b.u32(2); b.u32(1); b.u32(2); b.u8(0x99) }
        }
        var ctx = BMFF.ParseContext(limits: .default)
        var r = ByteReader(box)
        let g = try #require(try ctx.children(of: &r, depth: 1).first)
        var c = g.content
        let list = try BMFF.GroupsListBox(parsing: &c, context: &ctx, depth: 2)
        #expect(ctx.issues.isEmpty)
        #expect(list.groups == [
            BMFF.EntityToGroupBox(groupingType: "altr", groupID: 7, entityIDs: [5, 1], offset: 8),
            BMFF.EntityToGroupBox(groupingType: "ster", groupID: 8, entityIDs: [1, 2], extra: [0x99], offset: 36),
        ])
        var w = ByteWriter()
        list.write(to: &w)
        #expect(w.bytes == box)
    }

    @Test func anEntityCountPastTheBoxIsAnIssueAndTheNextGroupIsStillRead() throws {
        let box = BMFFBuilder.box("grpl") { b in
            b.fullBox("altr") { b in b.u32(7); b.u32(1_000); b.u32(5) }
            b.fullBox("altr") { b in b.u32(8); b.u32(1); b.u32(3) }
        }
        var ctx = BMFF.ParseContext(limits: .default)
        var r = ByteReader(box)
        var c = try #require(try ctx.children(of: &r, depth: 1).first).content
        let list = try BMFF.GroupsListBox(parsing: &c, context: &ctx, depth: 2)
        #expect(list.groups.map(\.groupID) == [8])
        #expect(ctx.issues == [ParseError(.truncated, at: 24, path: "")])
    }

    @Test func anEntityCountPastTheLimitIsALimitIssue() throws {
        let box = BMFFBuilder.box("grpl") { b in b.fullBox("altr") { b in b.u32(7); b.u32(0x4000_0000) } }
        var ctx = BMFF.ParseContext(limits: .default)
        var r = ByteReader(box)
        var c = try #require(try ctx.children(of: &r, depth: 1).first).content
        #expect(try BMFF.GroupsListBox(parsing: &c, context: &ctx, depth: 2).groups.isEmpty)
        #expect(ctx.issues == [ParseError(.limitExceeded, at: 24, path: "")])
    }

    @Test func theGainMapFileExposesItsToneMapAndAltrGroup() throws {
        let f = try HEIF.File(parsing: BadCorpus.heifGainMapGood)
        #expect(f.issues.isEmpty)
        #expect(f.entityGroups.map(\.groupingType) == ["altr"] && f.entityGroups.first?.entityIDs == [5, 1])
        let t = try #require(f.toneMaps[5]?.metadata)
        #expect(t.alternateHdrHeadroom == HEIF.Fraction(3, 1) && t.channels.first?.gainMapMax == HEIF.Fraction(3, 1))
        #expect(f.tiles(of: 5) == [1, 4])
    }
}
