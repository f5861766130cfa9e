import Testing
import AuxData
import Container
import TestSupport
import Validator
import DepthCheckCore

/// The rules on the primary item, property order, pixi, the depth SEI and Exif orientation:
/// the good fixture passes each, and each known-bad variant fails it with exact findings.
@Suite struct HEIFItemRuleTests {
    static let rules = ["structure.heif.primary-not-master", "structure.heif.property-order", "structure.heif.pixi-mismatch",
                        "structure.heif.depth-sei-missing", "geometry.orientation.exif-irot-mismatch"]

    static func expect(_ rule: RuleID, _ name: String, _ expected: [(Int, String, String)],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings(rule.rawValue, try GainMapRuleTests.bad(rule, name)), expected,
                                      sourceLocation: sourceLocation)
    }

    @Test func theGoodFixturePassesEachRule() {
        let report = Validation.check(bytes: HEIFFixture.corpusDisparity.build(), path: "good.heic", options: CheckOptions())
        for id in Self.rules where id != "geometry.orientation.exif-irot-mismatch" {
            #expect(report.outcomes.first { $0.rule.id.rawValue == id }?.outcome == .passed, "\(id)")
        }
    }

    @Test func agreeingOrientationsPass() throws {
        // irot 270° with Exif Orientation 6, as iOS 17 writes them.
        var c = HEIFShapes.simpleItems()
        c.items.append((2, "Exif", 1, nil))
        c.refs = [("cdsc", 2, [1])]
        c.properties.append(BMFFBuilder.box("irot") { b in b.u8(3) })
        c.ipma = [(1, [0x01, 0x82])]
        let tiff = Array(JPEGFixture.exif(orientation: 6).dropFirst(10))
        c.locations.append((2, 0, 4, UInt32(4 + tiff.count)))
        c.mdat += [0, 0, 0, 0] + tiff
        let report = Validation.check(bytes: c.build(), path: "t.heic", options: CheckOptions())
        #expect(report.outcomes.first { $0.rule.id.rawValue == "geometry.orientation.exif-irot-mismatch" }?.outcome == .passed)
    }

    @Test func aPrimaryThatIsAnAuxItemOrHiddenIsNotAMaster() throws {
        try Self.expect(.structureHEIFPrimaryNotMaster, "primary-is-aux-item", [
            (73, "meta/pitm", "primary item 2 is hidden (§6.4.2)"),
            (73, "meta/pitm", "primary item 2 is an auxiliary image (auxl to [1]); under the miaf brand the primary is a master image (ISO/IEC 23000-22 §7.3.2)"),
        ])
        try Self.expect(.structureHEIFPrimaryNotMaster, "primary-hidden", [
            (73, "meta/pitm", "primary item 1 is hidden (§6.4.2)"),
        ])
    }

    /// The HEVC decoder configuration must be essential in any HEIF; a transform only under MIAF
    /// (ISO/IEC 23000-22 §7.3.9), a warning outside it. (av1C, which AVIF asks with "should":
    /// AVIFEssentialTests, on a real AVIF.)
    @Test func nonEssentialPropertiesAreGradedByWhatRequiresThem() throws {
        func severities(_ bytes: [UInt8]) -> [FindingSeverity] {
            Validation.check(bytes: bytes, path: "t.heic", options: CheckOptions()).outcomes
                .first { $0.rule.id.rawValue == "structure.heif.property-not-essential" }?.outcome.findings.map(\.severity) ?? []
        }
        #expect(severities(BadCorpus.nonEssentialRotation(miaf: true)) == [.error])
        #expect(severities(BadCorpus.nonEssentialRotation(miaf: false)) == [.warning])
        let hvcC = try GainMapRuleTests.bad(.structureHEIFPropertyNotEssential, "primary-hvcc-not-essential")
        let found = HEIFStructureRuleTests.findings("structure.heif.property-not-essential", hvcC)
        #expect(found.map(\.severity) == [.error])
        #expect(found.map(\.message) == ["hvcC of item 1 is not marked essential: HEIF requires the HEVC decoder configuration to be essential"])
    }

    /// A thumbnail as the primary is MIAF's prohibition (ISO/IEC 23000-22 §7.3.2), not HEIF's:
    /// an error under the miaf brand, nothing without it (Nokia's C005).
    @Test func aThumbnailPrimaryIsAnErrorOnlyUnderMIAF() throws {
        try Self.expect(.structureHEIFPrimaryNotMaster, "thumbnail-primary-under-miaf", [
            (73, "meta/pitm", "primary item 1 is a thumbnail (thmb to [2]); under the miaf brand the primary is a master image (ISO/IEC 23000-22 §7.3.2)"),
        ])
        let heif = Validation.check(bytes: BadCorpus.thumbnailPrimary(miaf: false), path: "t.heic", options: CheckOptions())
        #expect(heif.outcomes.first { $0.rule.id.rawValue == "structure.heif.primary-not-master" }?.outcome == .passed)
        let miaf = Validation.check(bytes: BadCorpus.thumbnailPrimary(miaf: true), path: "t.heic", options: CheckOptions())
        #expect(miaf.outcomes.first { $0.rule.id.rawValue == "structure.heif.primary-not-master" }?.outcome.findings.map(\.severity) == [.error])
    }

    @Test(.requires(.realFile("libheif-fuzz-bad-depth.heic")))
    func theLibheifFuzzFilesPrimaryIsItsOwnAuxItem() throws {
        let bytes = try #require(FileBytes.read(TestData.real("libheif-fuzz-bad-depth.heic")))
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings("structure.heif.primary-not-master", bytes), [
            (69, "meta/pitm", "primary item 1005 is an auxiliary image (auxl to [1002]): readers show it instead of the photo"),
        ])
    }

    @Test func transformsBeforeIspeOrOutOfOrderAreReported() throws {
        try Self.expect(.structureHEIFPropertyOrder, "irot-before-ispe", [
            (635, "meta/iprp/ipma/item[1]", "item 1: irot comes before ispe; ispe precedes every transformative property"),
            (642, "meta/iprp/ipma/item[2]", "item 2: irot comes before ispe; ispe precedes every transformative property"),
        ])
        try Self.expect(.structureHEIFPropertyOrder, "imir-before-irot", [
            (647, "meta/iprp/ipma/item[1]", "item 1: irot comes after imir; transforms are listed as clap, irot, imir"),
            (654, "meta/iprp/ipma/item[2]", "item 2: irot comes after imir; transforms are listed as clap, irot, imir"),
        ])
    }

    /// ISO/IEC 23008-12 §6.5.3.1 puts ispe before every transformative property in any HEIF
    /// file; the order of the transforms among themselves is MIAF's alone.
    @Test func ispeFirstHoldsWithoutTheMIAFBrandAndTheTransformOrderDoesNot() throws {
        func withoutMIAF(_ name: String) throws -> [UInt8] {
            var bytes = try #require(BadCorpus.all.first { $0.name == name + ".heic" }).make()
            let at = try #require((0..<32).first { bytes[$0..<($0 + 4)].elementsEqual(Array("miaf".utf8)) })
            bytes.replaceSubrange(at..<(at + 4), with: Array("heix".utf8))
            return bytes
        }
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings("structure.heif.property-order", try withoutMIAF("irot-before-ispe")), [
            (635, "meta/iprp/ipma/item[1]", "item 1: irot comes before ispe; ispe precedes every transformative property"),
            (642, "meta/iprp/ipma/item[2]", "item 2: irot comes before ispe; ispe precedes every transformative property"),
        ])
        #expect(HEIFStructureRuleTests.findings("structure.heif.property-order", try withoutMIAF("imir-before-irot")).isEmpty)
    }

    @Test func pixiThatDisagreesWithHvcCIsReported() throws {
        try Self.expect(.structureHEIFPixiMismatch, "depth-pixi-three-channels", [
            (576, "meta/iprp/ipco[6]:pixi", "aux item 2: pixi says 3 channel(s) of [8, 8, 8] bits, hvcC codes 1 of [8] (chroma_format_idc 0)"),
        ])
    }

    @Test func anEmptyDepthSubtypeIsReported() throws {
        try Self.expect(.structureHEIFDepthSEIMissing, "empty-auxc-subtype", [
            (516, "meta/iprp/ipco[5]:auxC", "depth item 2 has an empty auxC subtype: no depth representation SEI"),
        ])
    }

    /// Alpha planes get the size checks depth gets (dictionary.size.invalid, geometry.aux.aspect-mismatch)
    /// and the pixi check every aux item gets.
    @Test func alphaPlanesGetTheSizeAndBitDepthChecks() throws {
        try Self.expect(.geometryAuxAspectMismatch, "alpha-16x16-primary-64x48", [
            (122, "meta/iinf/item[2]", "alpha image 2 is 16×16 (1.000) but the primary is 64×48 (1.333)"),
        ])
        try Self.expect(.dictionarySizeInvalid, "alpha-ispe-zero", [(122, "meta/iinf/item[2]", "alpha image 2 is 0×0")])
        try Self.expect(.structureHEIFPixiMismatch, "alpha-pixi-10-bits", [
            (500, "meta/iprp/ipco[6]:pixi", "aux item 2: pixi says 1 channel(s) of [10] bits, hvcC codes 1 of [8] (chroma_format_idc 0)"),
        ])
    }

    /// libheif's own alpha sample passes the checks alpha planes get.
    @Test(.requires(.realFile("libheif-alpha-control.heic")))
    func libheifsAlphaSamplePassesTheAlphaChecks() throws {
        let bytes = try #require(FileBytes.read(TestData.real("libheif-alpha-control.heic")))
        let report = Validation.check(bytes: bytes, path: "alpha.heic", options: CheckOptions())
        for id in ["geometry.aux.aspect-mismatch", "dictionary.size.invalid", "structure.heif.pixi-mismatch"] {
            #expect(report.outcomes.first { $0.rule.id.rawValue == id }?.outcome == .passed, "\(id)")
        }
    }

    @Test func exifOrientationThatDisagreesWithIrotIsReported() throws {
        try Self.expect(.geometryOrientationExifIrotMismatch, "orientation-6-without-irot", [
            (101, "meta/iinf/item[1]", "Exif Orientation 6 but the primary's irot 0°/imir none amount to Orientation 1"),
        ])
        try Self.expect(.geometryOrientationExifIrotMismatch, "irot-270-orientation-3", [
            (101, "meta/iinf/item[1]", "Exif Orientation 3 but the primary's irot 270°/imir none amount to Orientation 6"),
        ])
    }

    /// MIAF (ISO/IEC 23000-22) §7.3.10.1: Exif transformations should not be present, so
    /// Orientation 1 beside irot 270° is what a MIAF writer does, and passes.
    @Test func exifOrientationOneBesideIrotPasses() throws {
        let good = try #require(GoodCorpus.all.first { $0.name == "heif-irot-270-orientation-1.heic" }).make()
        let report = Validation.check(bytes: good, path: "g.heic", options: CheckOptions())
        #expect(report.outcomes.first { $0.rule.id.rawValue == "geometry.orientation.exif-irot-mismatch" }?.outcome == .passed)
        #expect(report.findings.isEmpty, "\(report.findings.map(TextReport.line))")
    }
}
