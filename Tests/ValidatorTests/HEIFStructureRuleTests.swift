import Testing
import AuxData
import Container
import TestSupport
import Validator

/// The HEIF structure rules judge what Container describes: each test builds a file with one
/// defect and checks the rule's findings to the byte offset, path and message.
@Suite struct HEIFStructureRuleTests {
    /// Findings of rule `id` when `bytes` are checked.
    static func findings(_ id: String, _ bytes: [UInt8]) -> [RuleFinding] {
        let report = Validation.check(bytes: bytes, path: "test.heic", options: CheckOptions())
        return report.outcomes.first { $0.rule.id.rawValue == id }?.outcome.findings ?? []
    }

    static func offset(of pattern: [UInt8], in bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let hits = ByteSearch.offsets(of: pattern, in: bytes)
        if hits.count != 1 { Issue.record("pattern found \(hits.count) times", sourceLocation: sourceLocation) }
        return hits.first ?? 0
    }

    static func patched(_ bytes: [UInt8], _ pattern: [UInt8], _ replacement: [UInt8]) -> [UInt8] {
        let at = offset(of: pattern, in: bytes)
        var out = bytes
        out.replaceSubrange(at..<(at + pattern.count), with: replacement)
        return out
    }

    static func expect(_ found: [RuleFinding], _ expected: [(Int, String, String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(found.map(\.offset) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(found.map(\.path) == expected.map(\.1), sourceLocation: sourceLocation)
        #expect(found.map(\.message) == expected.map(\.2), sourceLocation: sourceLocation)
    }

    static let depthIpma: [UInt8] = [0x00, 0x02, 0x04, 0x83, 0x04, 0x06, 0x85]
    static let infe2: [UInt8] = [0x01, 0x00, 0x02, 0x00, 0x00] + Array("hvc1".utf8)

    @Test func goodFixturePassesEveryHEIFStructureRule() {
        var good = HEIFFixture()
        good.primaryPixi = [8, 8, 8]
        let report = Validation.check(bytes: good.build(), path: "good.heic", options: CheckOptions())
        let failed = report.outcomes.filter { $0.rule.id.rawValue.hasPrefix("structure.heif.") && !$0.outcome.findings.isEmpty }
        #expect(failed.map(\.rule.id.rawValue) == [])
        let passed = report.outcomes.filter { if case .passed = $0.outcome { return true }; return false }.map(\.rule.id.rawValue)
        #expect(Set(passed).isSuperset(of: ["structure.heif.box-invalid", "structure.heif.primary-missing",
                                            "structure.heif.iref-missing-item", "structure.heif.ipma-index-out-of-range",
                                            "structure.heif.auxc-missing", "structure.heif.auxc-duplicate",
                                            "structure.heif.ispe-missing", "structure.heif.coded-size-mismatch",
                                            "structure.heif.grid-invalid", "structure.heif.property-not-essential"]))
    }

    @Test func primaryItemMustExist() {
        var c = HEIFShapes.simpleItems()
        c.primary = 9
        let bytes = c.build()
        let pitm = Self.offset(of: Array("pitm".utf8), in: bytes) - 4
        Self.expect(Self.findings("structure.heif.primary-missing", bytes), [(pitm, "meta/pitm", "primary item 9 is not declared in iinf")])
    }

    @Test func missingRequiredBoxIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Array("iloc".utf8), Array("iloX".utf8))
        let meta = Self.offset(of: Array("meta".utf8), in: bytes) - 4
        Self.expect(Self.findings("structure.heif.box-invalid", bytes), [(meta, "meta", "no valid 'iloc' box")])
    }

    @Test func secondCopyOfABoxIsJudged() {
        let (bytes, second) = HEIFShapes.metaWithSecondHandler()
        let pitm = Self.offset(of: Array("pitm".utf8), in: bytes) - 4
        Self.expect(Self.findings("structure.heif.box-invalid", bytes),
                    [(second, "meta/hdlr", "a second 'hdlr' in meta; the first is used")])
        Self.expect(Self.findings("structure.heif.primary-missing", bytes), [(pitm, "meta/pitm", "primary item 1 is not declared in iinf")])
    }

    @Test func referenceWithoutTargetsIsJudged() {
        var c = HEIFShapes.simpleItems()
        c.refs = [("cdsc", 1, [])]
        let bytes = c.build()
        let cdsc = Self.offset(of: Array("cdsc".utf8), in: bytes) - 4
        Self.expect(Self.findings("structure.heif.box-invalid", bytes), [(cdsc, "meta/iref/cdsc", "'cdsc' from 1 has no targets")])
    }

    @Test func duplicateItemIDIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Self.infe2, [0x01, 0x00, 0x01, 0x00, 0x00] + Array("hvc1".utf8))
        let infe2 = Self.offset(of: [0x01, 0x00, 0x01, 0x00, 0x00] + Array("hvc1".utf8), in: bytes) - 11
        Self.expect(Self.findings("structure.heif.box-invalid", bytes), [(infe2, "meta/iinf/item[1]", "item_ID 1 is declared twice")])
    }

    @Test func duplicateAuxCIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Self.depthIpma, [0x00, 0x02, 0x04, 0x83, 0x04, 0x85, 0x85])
        let at = Self.offset(of: [0x83, 0x04, 0x85, 0x85], in: bytes) + 3
        Self.expect(Self.findings("structure.heif.auxc-duplicate", bytes),
                    [(at, "meta/iprp/ipma/item[2]", "item 2 has a second auxC (property 5)")])
    }

    @Test func ipmaIndexPastIpcoIsJudged() throws {
        let bytes = Self.patched(HEIFFixture().build(), Self.depthIpma, [0x00, 0x02, 0x04, 0x83, 0x04, 0x09, 0x85])
        let at = Self.offset(of: [0x83, 0x04, 0x09, 0x85], in: bytes) + 2
        let count = try HEIF.File(parsing: bytes).properties.count
        Self.expect(Self.findings("structure.heif.ipma-index-out-of-range", bytes),
                    [(at, "meta/iprp/ipma/item[2]", "property index 9 but ipco has \(count)")])
    }

    @Test func essentialIndexZeroIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Self.depthIpma, [0x00, 0x02, 0x04, 0x83, 0x04, 0x80, 0x85])
        let at = Self.offset(of: [0x83, 0x04, 0x80, 0x85], in: bytes) + 2
        Self.expect(Self.findings("structure.heif.ipma-index-out-of-range", bytes),
                    [(at, "meta/iprp/ipma/item[2]", "property index 0 (none) is marked essential")])
    }

    @Test func ipmaForUndeclaredItemAndRepeatedEntriesAreJudged() throws {
        var c = HEIFShapes.simpleItems()
        c.ipma = [(1, [0x01]), (1, [0x01]), (5, [0x01])]
        let bytes = c.build()
        // The graph marks the second entry for item 1, once, for every rule that walks them.
        let graph = try HEIF.File(parsing: bytes).graph
        #expect(graph.associations.flatMap(\.entries).map(\.itemID) == [1, 1, 5])
        #expect(graph.repeatedAssociationEntries == [false, true, false])
        let ipma = Self.offset(of: Array("ipma".utf8), in: bytes) + 4 + 4 + 4
        Self.expect(Self.findings("structure.heif.ipma-index-out-of-range", bytes),
                    [(ipma + 4, "meta/iprp/ipma/item[1]", "item 1 has a second ipma entry; the first is used")])
        Self.expect(Self.findings("structure.heif.iref-missing-item", bytes),
                    [(ipma + 8, "meta/iprp/ipma/item[5]", "ipma entry for item 5, which iinf does not declare")])
    }

    @Test func imageWithoutIspeIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Self.depthIpma, [0x00, 0x02, 0x04, 0x83, 0x00, 0x06, 0x85])
        let infe2 = Self.offset(of: Self.infe2, in: bytes) - 11
        Self.expect(Self.findings("structure.heif.ispe-missing", bytes), [(infe2, "meta/iinf/item[2]", "image item 2 ('hvc1') has no ispe")])
    }

    @Test func spsSizeDifferentFromIspeIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 12],
                                 Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0, 17, 0, 0, 0, 12])
        let infe2 = Self.offset(of: Self.infe2, in: bytes) - 11
        Self.expect(Self.findings("structure.heif.coded-size-mismatch", bytes),
                    [(infe2, "meta/iinf/item[2]", "item 2: SPS codes 16×12, ispe says 17×12")])
    }

    @Test func referenceToMissingItemIsJudged() {
        let bytes = Self.patched(HEIFFixture().build(), Array("auxl".utf8) + [0, 2, 0, 1, 0, 1], Array("auxl".utf8) + [0, 2, 0, 1, 0, 9])
        let auxl = Self.offset(of: Array("auxl".utf8), in: bytes) - 4
        Self.expect(Self.findings("structure.heif.iref-missing-item", bytes),
                    [(auxl, "meta/iref/auxl", "'auxl' from 2 names item 9, which does not exist")])
    }

    @Test func auxiliaryItemWithoutAuxCIsJudged() {
        let bytes = HEIFShapes.auxWithoutAuxC()
        let infe2 = Self.offset(of: [0x00, 0x02, 0x00, 0x00] + Array("hvc1".utf8), in: bytes) - 12
        Self.expect(Self.findings("structure.heif.auxc-missing", bytes), [(infe2, "meta/iinf/item[2]", "auxiliary item 2 has no auxC")])
    }

    @Test func gridWithTooFewTilesIsJudged() {
        var c = CustomHEIF()
        c.items = [(1, "grid", 0, nil), (2, "hvc1", 1, nil), (3, "hvc1", 1, nil)]
        c.refs = [("dimg", 1, [2])]
        c.properties = [CustomHEIF.ispe(128, 48), CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01]), (2, [0x02]), (3, [0x02])]
        c.idat = [0, 0, 0, 1, 0, 128, 0, 48]
        c.locations = [(1, 1, 0, 8), (2, 0, 0, 4), (3, 0, 4, 4)]
        c.mdat = Array(repeating: 7, count: 8)
        let bytes = c.build()
        let infe1 = Self.offset(of: [0x00, 0x01, 0x00, 0x00] + Array("grid".utf8), in: bytes) - 12
        Self.expect(Self.findings("structure.heif.grid-invalid", bytes), [(infe1, "meta/iloc/item[1]:grid", "grid 1×2 but 1 dimg inputs")])
    }

    /// A grid of two coded tiles passes; one whose tile is an Exif item, one that is its own
    /// tile, and three derived items in a ring fail, each finding at the iref's dimg box.
    @Test func derivationInputsAreImagesAndFormNoCycle() {
        func grid(_ items: [(UInt16, FourCC, UInt32, String?)], _ refs: [(FourCC, UInt16, [UInt16])]) -> [UInt8] {
            var c = CustomHEIF()
            c.items = items
            c.refs = refs
            c.properties = [CustomHEIF.ispe(128, 48), CustomHEIF.ispe(64, 48)]
            c.ipma = items.map { ($0.0, [$0.1 == "grid" || $0.1 == "iden" ? UInt8(0x01) : 0x02]) }
            c.idat = [0, 0, 0, 1, 0, 128, 0, 48]
            // An identity item has no body (§6.6.2.1).
            c.locations = [(1, 1, 0, 8), (2, 0, 0, 4), (3, 0, 4, 4)].filter { l in items.first { $0.0 == l.0 }?.1 != "iden" }
            c.mdat = Array(repeating: 7, count: 8)
            return c.build()
        }
        let rule = "structure.heif.derivation-input-invalid"
        let good = grid([(1, "grid", 0, nil), (2, "hvc1", 1, nil), (3, "hvc1", 1, nil)], [("dimg", 1, [2, 3])])
        #expect(Self.findings(rule, good).isEmpty)
        let exif = grid([(1, "grid", 0, nil), (2, "hvc1", 1, nil), (3, "Exif", 1, nil)], [("dimg", 1, [2, 3])])
        let dimg = Self.offset(of: Array("dimg".utf8), in: exif) - 4
        Self.expect(Self.findings(rule, exif), [(dimg, "meta/iref/dimg", "item 1's dimg input 3 is a 'Exif' item, not an image")])
        let itself = grid([(1, "grid", 0, nil), (2, "hvc1", 1, nil), (3, "hvc1", 1, nil)], [("dimg", 1, [2, 1])])
        Self.expect(Self.findings(rule, itself), [(Self.offset(of: Array("dimg".utf8), in: itself) - 4, "meta/iref/dimg", "item 1 is its own dimg input")])
        let ring = grid([(1, "iden", 0, nil), (2, "iden", 1, nil), (3, "iden", 1, nil)], [("dimg", 1, [2]), ("dimg", 2, [3]), ("dimg", 3, [1])])
        let first = ByteSearch.offsets(of: Array("dimg".utf8), in: ring).first.map { $0 - 4 } ?? -1
        Self.expect(Self.findings(rule, ring), [(first, "meta/iref/dimg", "derived items form a cycle: 1 → 2 → 3 → 1")])
    }

    /// A coded item without its configuration or without an iloc entry fails; the same item
    /// with both passes.
    @Test func codedImagesNeedConfigurationAndData() {
        let rule = "structure.heif.coded-image-incomplete"
        var c = HEIFShapes.simpleItems()
        let infe1 = { (b: [UInt8]) in Self.offset(of: [0x00, 0x01, 0x00, 0x00] + Array("hvc1".utf8), in: b) - 12 }
        let bare = c.build()
        Self.expect(Self.findings(rule, bare), [(infe1(bare), "meta/iinf/item[1]", "'hvc1' item 1 has no 'hvcC' property")])
        c.properties.append(BMFFBuilder.box("hvcC") { b in b.bytes(HEIFFixture.corpusDisparity.primaryHvcC ?? []) })
        c.ipma = [(1, [0x01, 0x82])]
        #expect(Self.findings(rule, c.build()).isEmpty)
        c.locations = []
        c.mdat = []
        let unlocated = c.build()
        Self.expect(Self.findings(rule, unlocated), [(infe1(unlocated), "meta/iinf/item[1]", "'hvc1' item 1 has no iloc entry, so no data")])
    }

    /// auxl, thmb and prem go from an image to another image; cdsc never names its own item.
    @Test func referenceTargetsAreOtherImages() {
        let rule = "structure.heif.reference-target-invalid"
        func file(_ refs: [(FourCC, UInt16, [UInt16])]) -> [UInt8] {
            var c = HEIFShapes.simpleItems()
            c.items += [(2, "hvc1", 1, nil), (3, "mime", 1, "application/rdf+xml")]
            c.refs = refs
            c.ipma = [(1, [0x01]), (2, [0x01])]
            c.locations = [(1, 0, 0, 4), (2, 0, 0, 4), (3, 0, 0, 4)]
            return c.build()
        }
        #expect(Self.findings(rule, file([("auxl", 2, [1]), ("thmb", 2, [1]), ("cdsc", 3, [1])])).isEmpty)
        let selfAux = file([("auxl", 2, [2])])
        let auxl = Self.offset(of: Array("auxl".utf8), in: selfAux) - 4
        Self.expect(Self.findings(rule, selfAux), [(auxl, "meta/iref/auxl", "'auxl' from item 2 names the item itself")])
        let toXMP = file([("auxl", 2, [3])])
        Self.expect(Self.findings(rule, toXMP), [(Self.offset(of: Array("auxl".utf8), in: toXMP) - 4, "meta/iref/auxl",
                                                  "'auxl' from item 2 names item 3, a 'mime' item, not an image")])
        let selfCdsc = file([("cdsc", 3, [3])])
        Self.expect(Self.findings(rule, selfCdsc), [(Self.offset(of: Array("cdsc".utf8), in: selfCdsc) - 4, "meta/iref/cdsc",
                                                     "'cdsc' from item 3 names the item itself")])
        let premFromXMP = file([("prem", 3, [2])])
        Self.expect(Self.findings(rule, premFromXMP), [(Self.offset(of: Array("prem".utf8), in: premFromXMP) - 4, "meta/iref/prem",
                                                        "'prem' from item 3, a 'mime' item, not an image")])
    }

    /// The primary item is an image item: a pitm naming the XMP item fails.
    @Test func thePrimaryIsAnImage() {
        var c = HEIFShapes.simpleItems()
        c.items.append((2, "mime", 0, "application/rdf+xml"))
        c.primary = 2
        let bytes = c.build()
        let pitm = Self.offset(of: Array("pitm".utf8), in: bytes) - 4
        Self.expect(Self.findings("structure.heif.primary-missing", bytes), [(pitm, "meta/pitm", "primary item 2 is a 'mime' item, not an image")])
    }

    @Test func pixelLimitAppliesToAuxImages() throws {
        var fixture = HEIFFixture()
        fixture.primaryPixi = [8, 8, 8]
        let bytes = fixture.build()
        var options = CheckOptions()
        options.limits.maxPixels = 100
        let report = Validation.check(bytes: bytes, path: "t.heic", options: options)
        let found = report.outcomes.first { $0.rule.id.rawValue == "structure.limits.exceeded" }?.outcome.findings ?? []
        let infe2 = Self.offset(of: Self.infe2, in: bytes) - 11
        Self.expect(found, [(infe2, "meta/iinf/item[2]", "aux image pixels (16×12) 192 exceeds the limit of 100")])
        options.limits.maxPixels = 192
        #expect(Validation.check(bytes: bytes, path: "t.heic", options: options).verdict == .pass)
    }

    @Test(.requires(.realFile("libheif-fuzz-bad-depth.heic")))
    func libheifFuzzFileGetsEveryJudgedFinding() throws {
        let bytes = try TestData.realBytes("libheif-fuzz-bad-depth.heic")
        #expect(Self.findings("structure.heif.iref-missing-item", bytes).map(\.offset) == [556, 223])
        #expect(Self.findings("structure.heif.auxc-duplicate", bytes).map(\.offset) == [566])
        #expect(Self.findings("structure.heif.ispe-missing", bytes).map(\.offset) == [149, 180])
        #expect(Self.findings("structure.heif.box-invalid", bytes).map(\.offset) == [447])
    }
}
