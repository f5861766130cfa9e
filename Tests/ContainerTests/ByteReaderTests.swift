import Testing
@testable import Container

@Suite struct ByteReaderTests {
    @Test func readsBothByteOrders() throws {
        var r = ByteReader([0x12, 0x34, 0x56, 0x78, 0x78, 0x56, 0x34, 0x12])
        #expect(try r.readU32(.big) == 0x1234_5678)
        #expect(try r.readU32(.little) == 0x1234_5678)
        #expect(r.isAtEnd)
    }

    @Test func truncatedReadNamesTheOffset() throws {
        var r = ByteReader([1, 2, 3], path: "X")
        _ = try r.readU16()
        #expect(throws: ParseError(.truncated, at: 2, path: "X")) { try r.readU16() }
    }

    @Test func hugeCountsNeverOverflow() throws {
        var r = ByteReader([0, 0, 0, 0])
        #expect(throws: ParseError(.truncated, at: 0, path: "")) { try r.skip(Int.max) }
        #expect(throws: ParseError(.outOfBounds, at: Int.max - 1, path: "")) {
            try r.reader(at: Int.max - 1, count: Int.max, path: "")
        }
    }

    @Test func slicesStayInsideTheirParent() throws {
        var r = ByteReader([1, 2, 3, 4, 5, 6])
        _ = try r.readU8()
        var child = try r.slice(2, path: "child")
        #expect(child.start == 1 && child.end == 3)
        #expect(try child.readU16() == 0x0203)
        #expect(throws: ParseError(.truncated, at: 3, path: "child")) { try child.readU8() }
        #expect(r.position == 3)
    }

    @Test func expectEndReportsLeftovers() throws {
        var r = ByteReader([1, 2, 3])
        _ = try r.readU8()
        #expect(throws: ParseError(.trailingBytes, at: 1, path: "")) { try r.expectEnd() }
    }

    @Test func cStringMustEndInsideTheStructure() throws {
        var r = ByteReader(Array("ab\0cd".utf8))
        #expect(try r.readCString() == "ab")
        #expect(throws: ParseError(.badString, at: 3, path: "")) { try r.readCString() }
    }

    @Test func checkedMathReportsOverflow() {
        #expect((Int.max +? 1) == nil)
        #expect((Int.max *? 2) == nil)
        #expect((3 *? 4) == 12)
    }
}
