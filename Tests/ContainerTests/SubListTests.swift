import Testing
@testable import Container

/// `SubList`: runs of one list, each indexed from 0 as an array of its own is.
@Suite struct SubListTests {
    @Test func runsAreIndexedFromZero() {
        let all = [10, 11, 12, 13, 14]
        let run = SubList(all, 2..<5)
        #expect(run.count == 3 && run.startIndex == 0 && run.endIndex == 3)
        #expect(run[0] == 12 && run[2] == 14 && Array(run) == [12, 13, 14])
        #expect(run.indices == 0..<3 && run.first == 12 && run.last == 14)
        #expect(run == [12, 13, 14] && run != [12, 13] && SubList([12, 13, 14]) == run)
        let empty = SubList(all, 5..<5)
        #expect(empty.isEmpty && empty == [])
        // Bounds past the list are cut to it.
        #expect(SubList(all, 3..<9) == [13, 14])
    }

    /// An `ipma`'s entries are runs of its one list of associations, in file order.
    @Test func ipmaEntriesAreRunsOfTheBoxsAssociations() throws {
        // version 0, flags 0: entry_count 2; item 1: 2 associations; item 2: 1.
        let payload: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 2, 0x81, 0x02, 0, 2, 1, 0x03]
        var r = ByteReader(payload)
        let ipma = try HEIF.ItemPropertyAssociation(parsing: &r, limits: .default)
        #expect(ipma.entries.map(\.itemID) == [1, 2])
        #expect(ipma.entries[0].associations.map(\.propertyIndex) == [1, 2])
        #expect(ipma.entries[0].associations.map(\.essential) == [true, false])
        #expect(ipma.entries[0].associations.map(\.offset) == [11, 12])
        #expect(ipma.entries[1].associations.map(\.propertyIndex) == [3] && ipma.entries[1].associations[0].offset == 16)
        #expect(ipma.entries[1].offset == 13)
    }
}
