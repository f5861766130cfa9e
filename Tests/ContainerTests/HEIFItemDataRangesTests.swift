import Testing
@testable import Container

/// `HEIF.ItemDataRanges`: each item's ranges in one list, looked up as a dictionary of lists was.
@Suite struct HEIFItemDataRangesTests {
    @Test func itemsKeepTheirRangesInExtentOrder() {
        let r = HEIF.ItemDataRanges([(itemID: 7, ranges: [10..<20, 30..<35]), (itemID: 2, ranges: [0..<4]), (itemID: 9, ranges: [])])
        #expect(r[7] == [10..<20, 30..<35])
        #expect(r[2] == [0..<4])
        #expect(r[9] == [])
        #expect(r[1] == nil)
        #expect(r.count == 3 && !r.isEmpty)
        let pairs = r.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        #expect(pairs.map(\.0) == [2, 7, 9] && pairs.map(\.1) == [[0..<4], [10..<20, 30..<35], []])
        #expect(r.values.map(\.count).sorted() == [0, 1, 2])
        #expect(HEIF.ItemDataRanges().isEmpty && HEIF.ItemDataRanges()[7] == nil)
    }

    /// A later entry for an ID takes its place (as assigning into a dictionary did); an entry
    /// that is dropped leaves the item as it was, and its ranges leave nothing behind.
    @Test func laterEntriesReplaceAndDroppedOnesLeaveNothing() {
        var b = HEIF.ItemDataRanges.Builder(capacity: 4)
        b.append(1, [0..<10])
        var mark = b.mark
        b.add(50..<60)
        b.finish(1, from: mark, keep: false)
        mark = b.mark
        #expect(mark == 1)
        b.add(70..<80)
        b.add(90..<95)
        b.finish(3, from: mark, keep: true)
        b.append(1, [100..<110])
        let r = b.ranges
        #expect(r[1] == [100..<110] && r[3] == [70..<80, 90..<95] && r.count == 2)
        #expect(r == HEIF.ItemDataRanges([(itemID: 3, ranges: [70..<80, 90..<95]), (itemID: 1, ranges: [100..<110])]))
        #expect(r != HEIF.ItemDataRanges([(itemID: 3, ranges: [70..<80]), (itemID: 1, ranges: [100..<110])]))
    }
}
