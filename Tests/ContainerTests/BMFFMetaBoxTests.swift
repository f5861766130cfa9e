import Testing
import Container
import TestSupport

/// The payload reader of the single box in `bytes`.
func boxContent(_ bytes: [UInt8]) throws -> ByteReader {
    var r = ByteReader(bytes)
    var ctx = BMFF.ParseContext(limits: .default)
    return try ctx.nextBox(in: &r, depth: 0) { .child(of: "", $0) }.content
}

@Suite struct BMFFMetaBoxTests {
    // MARK: ftyp

    @Test func ftypReadsBrands() throws {
        var c = try boxContent(BMFFBuilder.box("ftyp") { b in
            b.fourCC("heic"); b.u32(0); b.fourCC("mif1"); b.fourCC("MiHE")
        })
        let f = try BMFF.FileTypeBox(parsing: &c)
        #expect(f.majorBrand == "heic" && f.minorVersion == 0 && f.compatibleBrands == ["mif1", "MiHE"])
    }

    @Test func ftypWithPartialBrandIsRejected() throws {
        var c = try boxContent(BMFFBuilder.box("ftyp") { b in b.fourCC("heic"); b.u32(0); b.u16(0x6d69) })
        #expect(throws: ParseError(.trailingBytes, at: 16, path: "")) { try BMFF.FileTypeBox(parsing: &c) }
        var t = try boxContent(BMFFBuilder.box("ftyp") { b in b.fourCC("heic"); b.u16(0) })
        #expect(throws: ParseError(.truncated, at: 12, path: "")) { try BMFF.FileTypeBox(parsing: &t) }
    }

    // MARK: hdlr, pitm

    @Test func hdlrReadsHandlerType() throws {
        var c = try boxContent(BMFFBuilder.fullBox("hdlr") { b in
            b.u32(0); b.fourCC("pict"); b.u32(0); b.u32(0); b.u32(0); b.cString("name")
        })
        let h = try BMFF.HandlerBox(parsing: &c)
        #expect(h.handlerType == "pict" && h.name == "name")
        var bad = try boxContent(BMFFBuilder.fullBox("hdlr", version: 1) { b in b.u32(0) })
        #expect(throws: ParseError(.unsupportedVersion, at: 8, path: "")) { try BMFF.HandlerBox(parsing: &bad) }
    }

    @Test func pitmVersionsChooseTheIDWidth() throws {
        var v0 = try boxContent(BMFFBuilder.fullBox("pitm") { b in b.u16(49) })
        #expect(try BMFF.PrimaryItemBox(parsing: &v0).itemID == 49)
        var v1 = try boxContent(BMFFBuilder.fullBox("pitm", version: 1) { b in b.u32(70_000) })
        #expect(try BMFF.PrimaryItemBox(parsing: &v1).itemID == 70_000)
        var v2 = try boxContent(BMFFBuilder.fullBox("pitm", version: 2) { b in b.u32(1) })
        #expect(throws: ParseError(.unsupportedVersion, at: 8, path: "")) { try BMFF.PrimaryItemBox(parsing: &v2) }
        var long = try boxContent(BMFFBuilder.fullBox("pitm") { b in b.u32(1) })
        #expect(throws: ParseError(.trailingBytes, at: 14, path: "")) { try BMFF.PrimaryItemBox(parsing: &long) }
        var short = try boxContent(BMFFBuilder.fullBox("pitm", version: 1) { b in b.u16(1) })
        #expect(throws: ParseError(.truncated, at: 12, path: "")) { try BMFF.PrimaryItemBox(parsing: &short) }
    }

    // MARK: infe

    private func infe(_ bytes: [UInt8]) throws -> BMFF.ItemInfoEntry {
        var c = try boxContent(bytes)
        return try BMFF.ItemInfoEntry(parsing: &c, boxOffset: 0)
    }

    @Test func infeVersion2ReadsTypeNameAndHiddenFlag() throws {
        let e = try infe(BMFFBuilder.fullBox("infe", version: 2, flags: 1) { b in
            b.u16(54); b.u16(0); b.fourCC("hvc1"); b.cString("Depth")
        })
        #expect(e.itemID == 54 && e.itemType == "hvc1" && e.name == "Depth" && e.isHidden)
        let shown = try infe(BMFFBuilder.fullBox("infe", version: 2, flags: 0xFF00) { b in
            b.u16(1); b.u16(0); b.fourCC("hvc1"); b.cString("")
        })
        #expect(!shown.isHidden)
    }

    @Test func infeVersion3HasThirtyTwoBitIDs() throws {
        let e = try infe(BMFFBuilder.fullBox("infe", version: 3) { b in
            b.u32(100_000); b.u16(2); b.fourCC("grid"); b.cString("")
        })
        #expect(e.itemID == 100_000 && e.protectionIndex == 2 && e.itemType == "grid")
    }

    @Test func infeMimeReadsContentTypeAndOptionalEncoding() throws {
        let a = try infe(BMFFBuilder.fullBox("infe", version: 2, flags: 1) { b in
            b.u16(55); b.u16(0); b.fourCC("mime"); b.cString(""); b.cString("application/rdf+xml")
        })
        #expect(a.contentType == "application/rdf+xml" && a.contentEncoding == nil)
        let z = try infe(BMFFBuilder.fullBox("infe", version: 2) { b in
            b.u16(55); b.u16(0); b.fourCC("mime"); b.cString("x"); b.cString("application/rdf+xml"); b.cString("deflate")
        })
        #expect(z.contentEncoding == "deflate" && z.name == "x")
    }

    @Test func infeURIReadsTheURIType() throws {
        let e = try infe(BMFFBuilder.fullBox("infe", version: 2) { b in
            b.u16(9); b.u16(0); b.fourCC("uri "); b.cString(""); b.cString("tag:apple.com,2023:photo:metadata:styles")
        })
        #expect(e.uriType == "tag:apple.com,2023:photo:metadata:styles")
    }

    @Test func infeLegacyVersionsUseTheOldLayout() throws {
        let v0 = try infe(BMFFBuilder.fullBox("infe") { b in
            b.u16(3); b.u16(0); b.cString("xmp"); b.cString("application/rdf+xml")
        })
        #expect(v0.itemID == 3 && v0.name == "xmp" && v0.contentType == "application/rdf+xml" && v0.itemType == "mime")
        let v1 = try infe(BMFFBuilder.fullBox("infe", version: 1) { b in
            b.u16(4); b.u16(0); b.cString(""); b.cString("text/plain"); b.cString(""); b.fourCC("fdel"); b.u8(0)
        })
        #expect(v1.itemID == 4 && v1.contentEncoding == "")
    }

    @Test func infeBadCasesAreReported() throws {
        // name without NUL
        #expect(throws: ParseError(.badString, at: 20, path: "")) {
            try self.infe(BMFFBuilder.fullBox("infe", version: 2) { b in b.u16(1); b.u16(0); b.fourCC("hvc1"); b.ascii("ab") })
        }
        #expect(throws: ParseError(.unsupportedVersion, at: 0, path: "")) {
            try self.infe(BMFFBuilder.fullBox("infe", version: 4) { b in b.u16(1) })
        }
        #expect(throws: ParseError(.truncated, at: 16, path: "")) {
            try self.infe(BMFFBuilder.fullBox("infe", version: 2) { b in b.u16(1); b.u16(0) })
        }
        #expect(throws: ParseError(.trailingBytes, at: 21, path: "")) {
            try self.infe(BMFFBuilder.fullBox("infe", version: 2) { b in b.u16(1); b.u16(0); b.fourCC("hvc1"); b.cString(""); b.u8(7) })
        }
    }

    @Test func iinfCountsEntriesAndKeepsGoodOnes() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iinf") { b in
            b.u16(3)
            b.fullBox("infe", version: 2) { b in b.u16(1); b.u16(0); b.fourCC("hvc1"); b.cString("") }
            b.fullBox("infe", version: 9) { b in b.u16(2) }
        })
        var ctx = BMFF.ParseContext(limits: .default)
        let i = try BMFF.ItemInfoBox(parsing: &c, context: &ctx, depth: 1)
        #expect(i.entryCount == 3 && i.entries.map(\.itemID) == [1])
        #expect(ctx.issues == [ParseError(.unsupportedVersion, at: 35, path: ""),
                               ParseError(.iinfEntryCountMismatch, at: 12, path: "")])
    }

    // MARK: iloc

    @Test func ilocVersion0ReadsExtents() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iloc") { b in
            b.u8(0x44); b.u8(0x40)
            b.u16(1)
            b.u16(7); b.u16(0); b.u32(1000); b.u16(2)
            b.u32(10); b.u32(20); b.u32(40); b.u32(5)
        })
        let l = try BMFF.ItemLocationBox(parsing: &c, limits: .default)
        #expect(l.offsetSize == 4 && l.lengthSize == 4 && l.baseOffsetSize == 4 && l.indexSize == 0)
        #expect(l.items.count == 1 && l.items[0].itemID == 7 && l.items[0].baseOffset == 1000)
        #expect(l.items[0].extents.map { [$0.offset, $0.length] } == [[10, 20], [40, 5]])
        #expect(l.items[0].entryOffset == 16 && l.items[0].extents[1].entryOffset == 34)
    }

    @Test func ilocVersion1ReadsConstructionMethodAndIndex() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iloc", version: 1) { b in
            b.u8(0x88); b.u8(0x04)
            b.u16(1)
            b.u16(49); b.u16(1); b.u16(0); b.u16(1)
            b.u32(3); b.u64(0); b.u64(8)
        })
        let l = try BMFF.ItemLocationBox(parsing: &c, limits: .default)
        #expect(l.items[0].constructionMethod == .idat && l.items[0].extents[0].index == 3 && l.items[0].extents[0].length == 8)
    }

    @Test func ilocVersion2HasThirtyTwoBitCountsAndIDs() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iloc", version: 2) { b in
            b.u8(0x44); b.u8(0x00)
            b.u32(1)
            b.u32(100_000); b.u16(0); b.u16(0); b.u16(1); b.u32(0); b.u32(9)
        })
        let l = try BMFF.ItemLocationBox(parsing: &c, limits: .default)
        #expect(l.items[0].itemID == 100_000)
    }

    @Test func ilocBadCasesAreReported() throws {
        var size = try boxContent(BMFFBuilder.fullBox("iloc") { b in b.u8(0x34); b.u8(0); b.u16(0) })
        #expect(throws: ParseError(.ilocBadFieldSize, at: 12, path: "")) { try BMFF.ItemLocationBox(parsing: &size, limits: .default) }
        var version = try boxContent(BMFFBuilder.fullBox("iloc", version: 3) { b in b.u8(0x44); b.u8(0) })
        #expect(throws: ParseError(.unsupportedVersion, at: 8, path: "")) { try BMFF.ItemLocationBox(parsing: &version, limits: .default) }
        // item_count far beyond the bytes present: refused before allocating.
        var count = try boxContent(BMFFBuilder.fullBox("iloc", version: 2) { b in b.u8(0x44); b.u8(0); b.u32(0xFFFF_FFFF) })
        var big = ParseLimits(); big.maxItems = Int.max
        #expect(throws: ParseError(.truncated, at: 14, path: "")) { try BMFF.ItemLocationBox(parsing: &count, limits: big) }
        var limited = try boxContent(BMFFBuilder.fullBox("iloc", version: 2) { b in b.u8(0x44); b.u8(0); b.u32(70_000) })
        #expect(throws: ParseError(.limitExceeded, at: 14, path: "")) { try BMFF.ItemLocationBox(parsing: &limited, limits: .default) }
        var extents = try boxContent(BMFFBuilder.fullBox("iloc") { b in
            b.u8(0x44); b.u8(0); b.u16(1); b.u16(1); b.u16(0); b.u16(0xFFFF); b.u32(0)
        })
        #expect(throws: ParseError(.limitExceeded, at: 20, path: "")) { try BMFF.ItemLocationBox(parsing: &extents, limits: .default) }
        var missing = try boxContent(BMFFBuilder.fullBox("iloc") { b in
            b.u8(0x44); b.u8(0); b.u16(1); b.u16(1); b.u16(0); b.u16(2); b.u32(0); b.u32(4)
        })
        #expect(throws: ParseError(.truncated, at: 20, path: "")) { try BMFF.ItemLocationBox(parsing: &missing, limits: .default) }
        var extra = try boxContent(BMFFBuilder.fullBox("iloc") { b in b.u8(0x44); b.u8(0); b.u16(0); b.u8(1) })
        #expect(throws: ParseError(.trailingBytes, at: 16, path: "")) { try BMFF.ItemLocationBox(parsing: &extra, limits: .default) }
    }

    // MARK: iref

    @Test func irefKeepsEveryReferenceTypeAndMultipleTargets() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iref") { b in
            b.box("dimg") { b in b.u16(49); b.u16(2); b.u16(1); b.u16(2) }
            b.box("auxl") { b in b.u16(54); b.u16(2); b.u16(49); b.u16(60) }
            b.box("xyzw") { b in b.u16(1); b.u16(1); b.u16(2) }
        })
        var ctx = BMFF.ParseContext(limits: .default)
        let i = try BMFF.ItemReferenceBox(parsing: &c, context: &ctx, depth: 1)
        #expect(i.references.map(\.type) == ["dimg", "auxl", "xyzw"])
        #expect(i.references[1].fromItemID == 54 && i.references[1].toItemIDs == [49, 60])
        #expect(ctx.issues.isEmpty)
    }

    @Test func irefVersion1UsesThirtyTwoBitIDs() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iref", version: 1) { b in
            b.box("cdsc") { b in b.u32(70_000); b.u16(1); b.u32(80_000) }
        })
        var ctx = BMFF.ParseContext(limits: .default)
        let i = try BMFF.ItemReferenceBox(parsing: &c, context: &ctx, depth: 1)
        #expect(i.references[0].fromItemID == 70_000 && i.references[0].toItemIDs == [80_000])
    }

    @Test func irefBadChildIsAnIssueAndOthersSurvive() throws {
        var c = try boxContent(BMFFBuilder.fullBox("iref") { b in
            b.box("auxl") { b in b.u16(2); b.u16(9); b.u16(1) }
            b.box("cdsc") { b in b.u16(3); b.u16(1); b.u16(2); b.u8(0) }
            b.box("thmb") { b in b.u16(4); b.u16(1); b.u16(1) }
        })
        var ctx = BMFF.ParseContext(limits: .default)
        let i = try BMFF.ItemReferenceBox(parsing: &c, context: &ctx, depth: 1)
        #expect(i.references.map(\.type) == ["thmb"])
        #expect(ctx.issues == [ParseError(.truncated, at: 22, path: ""), ParseError(.trailingBytes, at: 40, path: "")])
    }

    /// `dinf` is read box by box at every depth (ISO/IEC 14496-12 §8.7.1–2): its `dref`
    /// entries are kept, and a `dref` or an entry that runs past its parent is an issue at its
    /// offset, where a reader that skipped `dinf` whole would have said nothing.
    @Test func dinfIsReadAtEveryDepth() throws {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let url: [UInt8] = [0, 0, 0, 12] + Array("url ".utf8) + [0, 0, 0, 1]
        func dinf(drefSize: UInt32, entries: [UInt8]) -> [UInt8] {
            let dref = be32(drefSize) + Array("dref".utf8) + [0, 0, 0, 0, 0, 0, 0, 1] + entries
            return be32(UInt32(8 + dref.count)) + Array("dinf".utf8) + dref
        }
        func read(_ box: [UInt8]) throws -> (BMFF.DataInformationBox, [ParseError]) {
            var ctx = BMFF.ParseContext(limits: .default)
            var r = ByteReader(box)
            let b = try #require(try ctx.children(of: &r, depth: 0).first)
            var c = b.content
            let d = try BMFF.DataInformationBox(parsing: &c, context: &ctx, depth: 1)
            return (d, ctx.issues)
        }
        let (good, none) = try read(dinf(drefSize: 28, entries: url))
        #expect(none.isEmpty)
        #expect(good.entryCount == 1 && good.entries.map(\.type) == ["url "] && good.entries[0].isSelfContained)
        var w = ByteWriter()
        good.write(to: &w)
        #expect(w.bytes == dinf(drefSize: 28, entries: url))
        let (_, past) = try read(dinf(drefSize: 32, entries: url))
        #expect(past.map(\.code) == [.boxExceedsParent] && past.first?.offset == 8, "\(past)")
        let (_, entryPast) = try read(dinf(drefSize: 28, entries: [0, 0, 0, 16] + Array(url.dropFirst(4))))
        #expect(entryPast.map(\.code) == [.boxExceedsParent] && entryPast.first?.offset == 24, "\(entryPast)")
    }

    /// ISO/IEC 14496-12 §4.2: size 0 ("to the end of the file") belongs to the file's last box;
    /// a child box that says it is an issue at its offset, and the walk stops there.
    @Test func sizeZeroInsideABoxIsAnIssue() throws {
        let child: [UInt8] = [0, 0, 0, 0] + Array("free".utf8) + [1, 2, 3, 4]
        let parent: [UInt8] = [0, 0, 0, UInt8(8 + child.count)] + Array("dinf".utf8) + child
        var ctx = BMFF.ParseContext(limits: .default)
        var r = ByteReader(parent)
        let top = try ctx.children(of: &r, depth: 0)
        #expect(top.map(\.type) == ["dinf"])
        var c = try #require(top.first).content
        #expect(try ctx.children(of: &c, depth: 1).isEmpty)
        #expect(ctx.issues.map(\.code) == [.boxSizeZeroInside] && ctx.issues.first?.offset == 8, "\(ctx.issues)")
        // At the top level the same box is the file's last, as §4.2 allows.
        var ctx2 = BMFF.ParseContext(limits: .default)
        var r2 = ByteReader(child)
        #expect(try ctx2.children(of: &r2, depth: 0).map(\.header.size) == [12])
        #expect(ctx2.issues.isEmpty)
    }
}
