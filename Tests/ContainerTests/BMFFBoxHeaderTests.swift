import Testing
import Container
import TestSupport

@Suite struct BMFFBoxHeaderTests {
    @Test func compactSizeIsRead() throws {
        var r = ByteReader(BMFFBuilder.box("free") { b in b.u32(7) })
        let h = try BMFF.BoxHeader(parsing: &r)
        #expect(h.type == "free")
        #expect(h.size == 12 && h.headerSize == 8 && h.sizeForm == .compact)
        #expect(h.payloadRange == 8..<12)
    }

    @Test func largeSizeUsesSixteenByteHeader() throws {
        var r = ByteReader(BMFFBuilder.box("mdat", size: .large) { b in b.u32(7) })
        let h = try BMFF.BoxHeader(parsing: &r)
        #expect(h.size == 20 && h.headerSize == 16 && h.sizeForm == .large)
    }

    @Test func sizeZeroRunsToTheEndOfTheParent() throws {
        var r = ByteReader(BMFFBuilder.box("mdat", size: .toEnd) { b in b.u32(7); b.u16(1) })
        let h = try BMFF.BoxHeader(parsing: &r)
        #expect(h.size == 14 && h.sizeForm == .toEnd)
    }

    @Test func uuidBoxesCarryTheirExtendedType() throws {
        let user = [UInt8](0..<16)
        var b = BMFFBuilder()
        b.box("uuid", userType: user) { b in b.u16(9) }
        var r = ByteReader(b.bytes)
        let h = try BMFF.BoxHeader(parsing: &r)
        #expect(h.userType == user && h.headerSize == 24 && h.size == 26)
    }

    @Test func sizeSmallerThanHeaderIsAnError() throws {
        var r = ByteReader(BMFFBuilder.box("free", size: .unchecked(7)) { b in b.u32(0) })
        #expect(throws: ParseError(.boxSizeSmallerThanHeader, at: 0, path: "")) { try BMFF.BoxHeader(parsing: &r) }
    }

    @Test func largeSizeSmallerThanItsHeaderIsAnError() throws {
        var r = ByteReader(BMFFBuilder.box("mdat", size: .uncheckedLarge(15)) { b in b.u32(0) })
        #expect(throws: ParseError(.boxSizeSmallerThanHeader, at: 0, path: "")) { try BMFF.BoxHeader(parsing: &r) }
    }

    @Test func boxLargerThanItsParentIsAnError() throws {
        var r = ByteReader([0, 0] + BMFFBuilder.box("free", size: .unchecked(13)) { b in b.u32(0) })
        try r.skip(2)
        #expect(throws: ParseError(.boxExceedsParent, at: 2, path: "")) { try BMFF.BoxHeader(parsing: &r) }
    }

    @Test func hugeLargeSizeIsAnErrorNotATrap() throws {
        var r = ByteReader(BMFFBuilder.box("mdat", size: .uncheckedLarge(UInt64.max)) { b in b.u32(0) })
        #expect(throws: ParseError(.boxExceedsParent, at: 0, path: "")) { try BMFF.BoxHeader(parsing: &r) }
    }

    @Test func truncatedHeaderIsReported() throws {
        var r = ByteReader([0, 0, 0, 8, 0x66, 0x72])
        #expect(throws: ParseError(.truncated, at: 4, path: "")) { try BMFF.BoxHeader(parsing: &r) }
        var r2 = ByteReader(Array(BMFFBuilder.box("mdat", size: .large).prefix(12)))
        #expect(throws: ParseError(.truncated, at: 8, path: "")) { try BMFF.BoxHeader(parsing: &r2) }
    }

    @Test func fullBoxHeaderReadsVersionAndFlags() throws {
        var r = ByteReader([2, 0x12, 0x34, 0x56])
        let f = try BMFF.FullBoxHeader(parsing: &r)
        #expect(f.version == 2 && f.flags == 0x123456)
        #expect(throws: ParseError(.unsupportedVersion, at: 40, path: "")) { try f.require(maxVersion: 1, at: 40, path: "") }
    }

    @Test func childReaderStaysInsideItsBox() throws {
        var b = BMFFBuilder()
        b.box("iprp") { b in b.box("ipco") { b in b.u32(1) } }
        b.box("free") { b in b.u32(2) }
        var r = ByteReader(b.bytes)
        var ctx = BMFF.ParseContext(limits: .default)
        let outer = try ctx.nextBox(in: &r, depth: 0) { .child(of: "", $0) }
        var content = outer.content
        let kids = try ctx.children(of: &content, depth: 1)
        #expect(kids.count == 1 && kids[0].type == "ipco")
        var k = kids[0].content
        #expect(k.path == "iprp/ipco")
        _ = try k.readU32()
        #expect(throws: ParseError(.truncated, at: 20, path: "")) { try k.readU8() }
        #expect(ctx.boxCount == 2)
    }

    @Test func childLargerThanItsParentBecomesAnIssue() throws {
        var b = BMFFBuilder()
        b.box("iprp") { b in
            b.box("ipco") { b in b.u32(1) }
            b.box("ipma", size: .unchecked(40)) { b in b.u32(1) }
        }
        var r = ByteReader(b.bytes)
        var ctx = BMFF.ParseContext(limits: .default)
        var content = try ctx.nextBox(in: &r, depth: 0) { .child(of: "", $0) }.content
        let kids = try ctx.children(of: &content, depth: 1)
        #expect(kids.count == 1)
        #expect(ctx.issues == [ParseError(.boxExceedsParent, at: 20, path: "")])
    }

    @Test func nestingAndBoxCountAreLimited() throws {
        var limits = ParseLimits()
        limits.maxNesting = 1
        var ctx = BMFF.ParseContext(limits: limits)
        var r = ByteReader(BMFFBuilder.box("free"))
        #expect(throws: ParseError(.limitExceeded, at: 0, path: "")) { try ctx.nextBox(in: &r, depth: 2) { .child(of: "", $0) } }
        limits = ParseLimits()
        limits.maxBoxes = 2
        var ctx2 = BMFF.ParseContext(limits: limits)
        var r2 = ByteReader(BMFFBuilder.box("free") + BMFFBuilder.box("free") + BMFFBuilder.box("skip"))
        #expect(throws: ParseError(.limitExceeded, at: 16, path: "")) { try ctx2.children(of: &r2, depth: 0) }
    }
}
