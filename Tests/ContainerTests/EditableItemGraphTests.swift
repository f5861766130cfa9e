import Testing
@testable import Container

/// The item graph an editor edits, as a value: a removal takes what exists only for the item
/// (its metadata, a derived image that takes it as input, that image's own tiles), a copy
/// made before is untouched, and a new item's ID is free among items, groups and tracks.
@Suite struct EditableItemGraphTests {
    static func info(_ id: UInt32, _ type: FourCC) -> BMFF.ItemInfoEntry {
        BMFF.ItemInfoEntry(itemID: id, itemType: type, hidden: id != 1)
    }

    static func reference(_ type: FourCC, _ from: UInt32, _ to: [UInt32]) -> BMFF.ItemReference {
        BMFF.ItemReference(type: type, fromItemID: from, toItemIDs: to, offset: 0)
    }

    /// Item 1 the primary; 2 its depth (auxl); 3 Exif of the depth (cdsc); 4 a grid (dimg)
    /// over tiles 5 and 6 of the depth; an altr group 20 of 1 and 4; track 30.
    static let graph = HEIF.EditableItemGraph(
        infos: [info(1, "hvc1"), info(2, "hvc1"), info(3, "Exif"), info(4, "grid"), info(5, "hvc1"), info(6, "hvc1")],
        references: [reference("auxl", 2, [1]), reference("cdsc", 3, [2]), reference("dimg", 4, [5, 6]), reference("dimg", 2, [4])],
        properties: [], associations: [], locations: [],
        entityGroups: [BMFF.EntityToGroupBox(groupingType: "altr", fullBox: BMFF.FullBoxHeader(version: 0, flags: 0), groupID: 20,
                                            entityIDs: [1, 4], extra: [], offset: 100)],
        primaryItemID: 1, trackIDs: [30], metaOffset: 40)

    @Test func aRemovalTakesWhatExistsOnlyForTheItem() {
        var edited = Self.graph
        #expect(edited.remove(4) == [2, 3, 4, 5, 6])
        #expect(edited.infos.map(\.itemID) == [1])
        #expect(edited.references.isEmpty)
        #expect(edited.removedIDs == [2, 3, 4, 5, 6])
        // The altr group kept one member: it goes.
        #expect(edited.entityGroups.isEmpty && edited.removedGroups == [100])
        // The value it was copied from is as it was read.
        #expect(Self.graph.infos.count == 6 && Self.graph.references.count == 4 && Self.graph.entityGroups.count == 1)
        #expect(edited.originalReferences == Self.graph.references)
    }

    @Test func aNewItemTakesAnIDNoItemGroupOrTrackHas() throws {
        var edited = Self.graph
        #expect(edited.nextItemID == 31)
        let id = try edited.add(HEIF.NewItem(type: "hvc1", hidden: true, data: [1, 2, 3], references: [(type: "auxl", to: [1])]))
        #expect(id == 31)
        #expect(edited.infos.last?.itemID == 31 && edited.references.last == Self.reference("auxl", 31, [1]))
        #expect(edited.newData.map(\.id) == [31] && edited.newData.map(\.bytes) == [[1, 2, 3]])
        #expect(Self.graph.nextItemID == 31 && Self.graph.newData.isEmpty)
    }
}
