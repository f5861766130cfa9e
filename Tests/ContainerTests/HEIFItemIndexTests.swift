import Testing
@testable import Container

/// Item positions by ID (`HEIF.ItemIndex`) and repeated IDs (`HEIF.RepeatedIDs`), the two
/// tables the item graph builds without hashing.
@Suite struct HEIFItemIndexTests {
    @Test func denseIDsAreFoundByTable() {
        let index = HEIF.ItemIndex([3, 1, 2, 0, 49])
        #expect([0, 1, 2, 3, 49].map { index[$0] } == [3, 1, 2, 0, 4])
        #expect([4, 48, 50, 1_000_000, UInt32.max].map { index[$0] } == [nil, nil, nil, nil, nil])
    }

    @Test func spreadIDsAreFoundBySearch() {
        // Far past a table a few times the count: kept sorted and searched.
        let ids: [UInt32] = [70_000, 5, UInt32.max, 1 << 20, 6]
        let index = HEIF.ItemIndex(ids)
        #expect(ids.map { index[$0] } == [0, 1, 2, 3, 4])
        #expect([0, 4, 7, 69_999, 70_001, UInt32.max - 1].map { index[$0] } == [nil, nil, nil, nil, nil, nil])
        #expect(HEIF.ItemIndex([])[1] == nil)
    }

    @Test func laterEntriesOfAnIDAreMarkedRepeated() {
        #expect(HEIF.RepeatedIDs.marks([]) == [])
        #expect(HEIF.RepeatedIDs.marks([7]) == [false])
        #expect(HEIF.RepeatedIDs.marks([2, 1, 2, 3, 1, 2]) == [false, false, true, false, true, true])
        #expect(HEIF.RepeatedIDs.marks([UInt32.max, 0, 0, UInt32.max]) == [false, false, true, true])
    }
}
