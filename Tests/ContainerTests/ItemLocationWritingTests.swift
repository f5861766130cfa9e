import Testing
@testable import Container
import TestSupport

/// ISO/IEC 14496-12 §8.11.3: an `iloc` a writer makes holds every value whole, or is refused;
/// the construction method is a value of its own, reserved ones kept as read.
@Suite struct ItemLocationWritingTests {
    func item(_ id: UInt32, offset: UInt64, length: UInt64, index: UInt64 = 0, extents: Int = 1) -> BMFF.ItemLocationBox.Item {
        .init(itemID: id, constructionMethod: .file, dataReferenceIndex: 0, baseOffset: 0,
              extents: Array(repeating: .init(index: index, offset: offset, length: length, entryOffset: 0), count: extents),
              entryOffset: 0)
    }

    func written(_ box: BMFF.ItemLocationBox) throws -> BMFF.ItemLocationBox {
        var w = ByteWriter()
        box.write(to: &w)
        var c = try boxContent(w.bytes)
        return try BMFF.ItemLocationBox(parsing: &c, limits: .default)
    }

    func refusal(_ make: () throws(WriteError) -> BMFF.ItemLocationBox) -> WriteError? {
        do { _ = try make(); return nil } catch { return error }
    }

    @Test func anOffsetPastFourBytesIsRefusedInFourByteFields() {
        let e = refusal { () throws(WriteError) in try BMFF.ItemLocationBox(items: [item(1, offset: 0x1_0000_0000, length: 8)], fieldSize: 4) }
        #expect(e?.reason == .fieldOverflow && e?.path == "meta/iloc/item[1]")
        let long = refusal { () throws(WriteError) in try BMFF.ItemLocationBox(items: [item(2, offset: 0, length: 0x1_0000_0000)], fieldSize: 4) }
        #expect(long?.reason == .fieldOverflow && long?.path == "meta/iloc/item[2]")
    }

    @Test func eightByteFieldsHoldItAndReadBackEqual() throws {
        let box = try BMFF.ItemLocationBox(items: [item(1, offset: 0x1_0000_0000, length: 8)], fieldSize: 8)
        let read = try written(box)
        #expect(read.fullBox.version == 1 && read.offsetSize == 8 && read.lengthSize == 8)
        #expect(read.items.count == 1 && read.items[0].extents.map(\.offset) == [0x1_0000_0000])
        #expect(read.items[0].extents.map(\.length) == [8] && read.items[0].constructionMethod == .file)
    }

    @Test func countsPastSixteenBitsAreRefused() {
        let extents = refusal { () throws(WriteError) in try BMFF.ItemLocationBox(items: [item(7, offset: 0, length: 1, extents: 65_536)], fieldSize: 4) }
        #expect(extents?.reason == .fieldOverflow && extents?.path == "meta/iloc/item[7]")
        let items = (0..<65_536).map { item(UInt32($0), offset: 0, length: 1) }
        let many = refusal { () throws(WriteError) in try BMFF.ItemLocationBox(items: items, fieldSize: 4) }
        #expect(many?.reason == .fieldOverflow && many?.path == "meta/iloc")
        // An item ID past 16 bits makes the box version 2, whose counts and IDs are 32 bits.
        let wide = (0..<65_536).map { item(UInt32(70_000 + $0), offset: 0, length: 1) }
        #expect(refusal { () throws(WriteError) in try BMFF.ItemLocationBox(items: wide, fieldSize: 4) } == nil)
    }

    @Test func anIndexWithoutIndexFieldsIsRefused() {
        let e = refusal { () throws(WriteError) in try BMFF.ItemLocationBox(items: [item(3, offset: 0, length: 1, index: 2)], fieldSize: 4) }
        #expect(e?.reason == .fieldOverflow)
    }

    @Test func constructionMethodsKeepTheirValues() {
        #expect((0...15).map { BMFF.ItemLocationBox.ConstructionMethod(UInt8($0)).rawValue } == (0...15).map { UInt8($0) })
        #expect(BMFF.ItemLocationBox.ConstructionMethod(0) == .file && BMFF.ItemLocationBox.ConstructionMethod(1) == .idat)
        #expect(BMFF.ItemLocationBox.ConstructionMethod(2) == .item && BMFF.ItemLocationBox.ConstructionMethod(3) == .reserved(3))
        #expect("\(BMFF.ItemLocationBox.ConstructionMethod.reserved(9))" == "9")
    }

    @Test func aReservedMethodIsReportedByItsNumber() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iloc", version: 1) { b in
            b.u8(0x44); b.u8(0x00)
            b.u16(1)
            b.u16(5); b.u16(3); b.u16(0); b.u16(1)
            b.u32(0); b.u32(4)
        })
        let l = try BMFF.ItemLocationBox(parsing: &c, limits: .default)
        #expect(l.items[0].constructionMethod == .reserved(3))
        var builder = HEIF.ItemDataRanges.Builder(capacity: 1)
        var issues: [ParseError] = []
        #expect(!HEIF.Locations.resolve(l.items[0], fileSize: 100, idat: nil, into: &builder, issues: &issues))
        #expect(issues.map(\.code) == [.ilocUnsupportedConstructionMethod] && issues.first?.message == "construction method 3 is not resolved")
    }
}
