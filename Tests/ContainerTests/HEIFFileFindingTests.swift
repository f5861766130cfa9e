import Testing
import Container
import TestSupport

@Suite struct HEIFFileFindingTests {

    @Test func primaryItemMustExist() throws {
        var c = HEIFShapes.simpleItems()
        c.primary = 9
        let bytes = c.build()
        let pitm = uniqueOffset(of: Array("pitm".utf8), in: bytes) - 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.primaryItemID == 9 && f.meta.primaryItemOffset == pitm)
        #expect(f.primaryItem == nil)
    }

    @Test func missingRequiredBoxIsReported() throws {
        let bytes = patched(HEIFFixture().build(), Array("iloc".utf8), Array("iloX".utf8))
        let meta = uniqueOffset(of: Array("meta".utf8), in: bytes) - 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty && f.meta.header.offset == meta)
        #expect(f.meta.itemLocation == nil)
        #expect(f.dataRanges.isEmpty && f.items.count == 2)
    }

    @Test func secondCopyOfABoxIsReportedAndIgnored() throws {
        let (bytes, second) = HEIFShapes.metaWithSecondHandler()
        let pitm = uniqueOffset(of: Array("pitm".utf8), in: bytes) - 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.meta.repeated.map(\.type) == ["hdlr"] && f.meta.repeated.map(\.offset) == [second])
        #expect(f.meta.repeated.map(\.path) == ["meta/hdlr"] && f.meta.repeated.map(\.parent) == ["meta"])
        #expect(f.meta.primaryItemOffset == pitm && f.primaryItem == nil)
        #expect(f.handler?.handlerType == "pict")
    }

    @Test func referenceWithoutTargetsIsReported() throws {
        var c = HEIFShapes.simpleItems()
        c.refs = [("cdsc", 1, [])]
        let bytes = c.build()
        let cdsc = uniqueOffset(of: Array("cdsc".utf8), in: bytes) - 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.references == [BMFF.ItemReference(type: "cdsc", fromItemID: 1, toItemIDs: [], offset: cdsc)])
    }

    @Test func unreadableGridDescriptorIsReported() throws {
        var c = HEIFShapes.simpleItems()
        c.items = [(1, "grid", 0, nil), (2, "hvc1", 1, nil)]
        c.refs = [("dimg", 1, [2])]
        c.ipma = [(1, [0x01]), (2, [0x01])]
        c.idat = [1, 0, 0, 0, 0, 64, 0, 48]
        c.locations = [(1, 1, 0, 8), (2, 0, 0, 4)]
        let bytes = c.build()
        let idat = uniqueOffset(of: Array("idat".utf8), in: bytes) + 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues == [ParseError(.gridInvalid, at: idat, path: "")])
        #expect(f.issues.first?.path == "meta/iloc/item[1]:grid")
        #expect(f.grids.isEmpty)
    }

    @Test func largeGridDataIsNotRead() throws {
        var c = HEIFShapes.simpleItems()
        c.items = [(1, "grid", 0, nil), (2, "hvc1", 1, nil)]
        c.refs = [("dimg", 1, [2])]
        c.ipma = [(1, [0x01]), (2, [0x01])]
        c.idat = Array(repeating: 0, count: 40)
        c.locations = [(1, 1, 0, 40), (2, 0, 0, 4)]
        let bytes = c.build()
        let infe1 = uniqueOffset(of: [0x00, 0x01, 0x00, 0x00] + Array("grid".utf8), in: bytes) - 12
        #expect(try HEIF.File(parsing: bytes).issues == [ParseError(.gridInvalid, at: infe1, path: "")])
    }

    @Test func itemCountLimitInIlocIsAFindingNotAFailure() throws {
        let bytes = HEIFFixture.corpusDisparity.build()
        var limits = ParseLimits()
        limits.maxItems = 2
        let count = uniqueOffset(of: Array("iloc".utf8), in: bytes) + 4 + 4 + 2
        let meta = Int(bytes[3])   // right after ftyp ("meta" also occurs inside the XMP)
        let f = try HEIF.File(parsing: bytes, limits: limits)
        #expect(f.issues == [ParseError(.limitExceeded, at: count, path: "")])
        #expect(f.meta.itemLocation == nil && f.meta.header.offset == meta)
        #expect(f.items.count == 3)
    }

    @Test func referenceLimitStopsReadingIref() throws {
        let bytes = HEIFFixture.corpusDisparity.build()
        var limits = ParseLimits()
        limits.maxReferences = 1
        let cdscCount = uniqueOffset(of: Array("cdsc".utf8), in: bytes) + 4 + 2
        let f = try HEIF.File(parsing: bytes, limits: limits)
        #expect(f.issues == [ParseError(.limitExceeded, at: cdscCount, path: "")])
        #expect(f.references.map(\.type) == ["auxl"])
    }

    @Test func wrongIinfCountIsAFinding() throws {
        let good = HEIFFixture.corpusDisparity.build()
        let iinf = uniqueOffset(of: Array("iinf".utf8), in: good)
        var bytes = good
        bytes[iinf + 8] = 0xFF
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues == [ParseError(.iinfEntryCountMismatch, at: iinf + 8, path: "")])
        #expect(f.items.count == 3)
    }
}
