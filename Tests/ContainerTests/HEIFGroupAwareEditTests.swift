import Foundation
import Testing
@testable import Container
import TestSupport

/// The item editor and entity groups: a new item never takes an ID a group (or a track) has
/// (ISO/IEC 14496-12 §8.18.3), and removing an ISO 21496-1 gain map takes the `tmap` item
/// derived from it, its properties and its place in the `altr` group along.
@Suite struct HEIFGroupAwareEditTests {
    /// The gain map fixture: primary 1, disparity 2 (XMP 3), gain map 4, tmap 5 = dimg [1, 4],
    /// the gain map's XMP 6 (cdsc 6→4), and grpl with altr group 7 = [5, 1].
    static var gainMapFile: [UInt8] { BadCorpus.heifGainMapGood }

    @Test func aNewItemTakesNeitherAnItemNorAGroupID() throws {
        var editor = try HEIF.ItemEditor(parsing: Self.gainMapFile)
        #expect(editor.nextItemID == 8)
        let id = try editor.add(HEIF.NewItem(type: BMFF.BoxType.mime, contentType: "application/rdf+xml",
                                             data: Array("<x:xmpmeta/>".utf8), references: [(BMFF.BoxType.cdsc, [1])]))
        #expect(id == 8)
        #expect(editor.nextItemID == 9)
        let after = try HEIF.File(parsing: try editor.serialized())
        #expect(after.items.map(\.id) == [1, 2, 3, 4, 5, 6, 8])
        #expect(after.entityGroups.map(\.groupID) == [7])
    }

    @Test func aNewItemTakesNoTrackID() throws {
        // item 1 only, and a moov whose one track has track_ID 2 (tkhd version 0).
        var h = HEIFShapes.simpleItems()
        let tkhd = BMFFBuilder.fullBox("tkhd") { b in b.u32(0); b.u32(0); b.u32(2); b.u32(0); b.u32(0) }
        h.afterMdat = [BMFFBuilder.box("moov") { b in b.bytes(BMFFBuilder.box("trak") { b in b.bytes(tkhd) }) }]
        let editor = try HEIF.ItemEditor(parsing: h.build())
        #expect(editor.graph.trackIDs == [2])
        #expect((editor.nextItemID ?? 0) > 2)
    }

    @Test func removingTheGainMapTakesItsToneMapAndTheAltrGroup() throws {
        let bytes = Self.gainMapFile
        let before = try HEIF.File(parsing: bytes)
        var editor = try HEIF.ItemEditor(before, bytes: bytes)
        #expect(editor.remove(4) == [4, 5, 6])
        let written = try editor.serialized()
        let after = try HEIF.File(parsing: written)
        #expect(after.issues.isEmpty)
        #expect(after.items.map(\.id) == [1, 2, 3])
        #expect(after.references.allSatisfy { ![4, 5, 6].contains($0.fromItemID) && !$0.toItemIDs.contains { [4, 5, 6].contains($0) } })
        // altr [5, 1] is left with one member: the group, and grpl with it, go.
        #expect(after.entityGroups.isEmpty)
        #expect(after.meta.groupsList == nil)
        #expect(ByteSearch.offsets(of: Array("grpl".utf8), in: written).isEmpty)
        #expect(ByteSearch.offsets(of: Array("tmap".utf8), in: written).isEmpty)
        // The gain map's auxC goes (only it used it); the tmap's ispe is the primary's and stays.
        #expect(after.properties.count == before.properties.count - 1)
        #expect(!after.properties.contains { String(decoding: written[$0.range], as: UTF8.self).contains("hdrgainmap") })
        // The tmap data (its whole ISO 21496-1 payload) and the gain map's XMP are gone.
        for id: UInt32 in [5, 6] {
            let data = try #require(before.dataRanges[id]).flatMap { bytes[$0] }
            #expect(ByteSearch.offsets(of: data, in: written).isEmpty, "item \(id)'s data is left")
        }
        for k: UInt32 in [1, 2, 3] {
            #expect(after.dataRanges[k].map { $0.flatMap { written[$0] } } == before.dataRanges[k].map { $0.flatMap { bytes[$0] } })
        }
        #expect(try HEIF.ItemEditor(parsing: written).serialized() == written)
    }

    @Test func anAltrGroupWithTwoMembersLeftKeepsThemAndItsExtraBytes() throws {
        // altr 7 = [5, 1, 2] with 3 bytes of grouping-type data, and a ster group 9 = [1, 2]
        // after it: removing the gain map leaves altr [1, 2] and ster as it was, byte for byte.
        let ster = BMFFBuilder.fullBox("ster") { b in b.u32(9); b.u32(2); b.u32(1); b.u32(2) }
        let bytes = BadCorpus.heifGainMap(grpl: BMFFBuilder.box("grpl") { b in
            b.fullBox("altr") { b in b.u32(7); b.u32(3); b.u32(5); b.u32(1); b.u32(2); b.bytes([9, 8, 7]) }
            b.bytes(ster)
        })
        var editor = try HEIF.ItemEditor(parsing: bytes)
        #expect(editor.remove(4) == [4, 5, 6])
        let written = try editor.serialized()
        let after = try HEIF.File(parsing: written)
        #expect(after.issues.isEmpty)
        #expect(after.entityGroups.map(\.groupingType) == ["altr", "ster"])
        #expect(after.entityGroups.map(\.entityIDs) == [[1, 2], [1, 2]])
        #expect(after.entityGroups.map(\.extra) == [[9, 8, 7], []])
        #expect(after.entityGroups.map(\.groupID) == [7, 9])
        #expect(ByteSearch.offsets(of: ster, in: written).count == 1)
    }
}
