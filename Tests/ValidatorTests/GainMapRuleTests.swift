import Testing
import AuxData
import Container
import TestSupport
@testable import Validator
@testable import DepthCheckCore

/// The gainmap rules on the gain map fixture (`BadCorpus.heifGainMapGood`, which passes them
/// all) and on its known-bad variants: exact rule, offset, path and message.
@Suite struct GainMapRuleTests {
    static let tmapInfe = 205
    static let tmapPath = "meta/iinf/item[5]"
    static let xmpOffset = 1877
    static let xmpPath = "item[6]:XMP"

    static func bad(_ rule: RuleID, _ name: String) throws -> [UInt8] {
        try #require(BadCorpus.all.first { $0.rule == rule && $0.name == name + ".heic" }).make()
    }

    static func expect(_ rule: RuleID, _ name: String, _ expected: [(Int, String, String)],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings(rule.rawValue, try bad(rule, name)), expected,
                                      sourceLocation: sourceLocation)
    }

    @Test func theGainMapFixturePassesEveryGainMapRule() {
        let report = Validation.check(bytes: BadCorpus.heifGainMapGood, path: "gainmap.heic", options: CheckOptions())
        let failed = report.outcomes.filter { !$0.outcome.findings.isEmpty }.map(\.rule.id.rawValue)
        #expect(failed == [])
        let passed = report.outcomes.filter { if case .passed = $0.outcome { return true }; return false }.map(\.rule.id.rawValue)
        #expect(Set(passed).isSuperset(of: Self.gainMapRules))
    }

    @Test func theToneMapIsShownOnTheGainMapImage() throws {
        let report = Validation.describe(bytes: BadCorpus.heifGainMapGood, path: "gainmap.heic", limits: .default)
        let photo = try #require(report.photo)
        let gainMap = try #require(photo.auxImages.first { $0.kind == .hdrGainMap })
        let json = try #require(PhotoJSON.aux(gainMap)["toneMap"])
        #expect(json.rendered(pretty: false) == """
            {"itemID":5,"version":0,"baseHdrHeadroom":0,"alternateHdrHeadroom":3,"channels":[{"gainMapMin":0,"gainMapMax":3,"gamma":1,"baseOffset":0.015625,"alternateOffset":0.015625}]}
            """)
        let disparity = try #require(photo.auxImages.first { $0.kind == .disparity })
        #expect(PhotoJSON.aux(disparity)["toneMap"] == nil)
    }

    @Test func truncatedToneMapDataIsMalformed() throws {
        try Self.expect(.gainmapTmapMalformed, "tmap-truncated", [
            (1829, "meta/iloc/item[5]:tmap", "need 4 bytes, 0 left"),
        ])
    }

    @Test func unknownVersionsAreReported() throws {
        try Self.expect(.gainmapTmapVersionUnknown, "tmap-version-1", [
            (Self.tmapInfe, Self.tmapPath, "tmap item 5 has version 1; readers know version 0 and ignore it"),
        ])
        try Self.expect(.gainmapTmapVersionUnknown, "tmap-minimum-version-1", [
            (Self.tmapInfe, Self.tmapPath, "tmap item 5 needs gain map metadata version 1 (writer version 0); readers know version 0 and ignore it"),
        ])
    }

    @Test func inputsInTheWrongOrderOrCountAreReported() throws {
        try Self.expect(.gainmapTmapDimgOrder, "gain-map-first", [
            (Self.tmapInfe, Self.tmapPath, "tmap item 5 takes item 4 first and item 1 second; the base image (item 1) comes first, the gain map (item 4) second"),
        ])
        try Self.expect(.gainmapTmapDimgOrder, "one-input", [
            (Self.tmapInfe, Self.tmapPath, "tmap item 5 has 1 dimg inputs [1]; it has two, the base image then the gain map"),
        ])
    }

    @Test func aToneMapOutsideAnAltrGroupWithItsBaseIsReported() throws {
        try Self.expect(.gainmapTmapAltrGroup, "no-grpl", [
            (Self.tmapInfe, Self.tmapPath, "tmap item 5 is in no altr group; it and its base image 1 belong in one"),
        ])
        try Self.expect(.gainmapTmapAltrGroup, "altr-without-base", [
            (Self.tmapInfe, Self.tmapPath, "the altr group(s) [7] of tmap item 5 do not hold its base image 1"),
        ])
    }

    @Test func invalidFractionsAreReportedPerChannel() throws {
        try Self.expect(.gainmapTmapFractionInvalid, "gamma-zero-max-below-min-zero-denominator", [
            (Self.tmapInfe, Self.tmapPath, "tmap item 5: alternate_hdr_headroom 3/0 has a zero denominator"),
            (Self.tmapInfe, Self.tmapPath, "tmap item 5: channel 1 gamma 0/1 is not above 0"),
            (Self.tmapInfe, Self.tmapPath, "tmap item 5: channel 2 gain_map_max -1/2 is below gain_map_min 0/1"),
        ])
    }

    @Test func hdrgmThatDisagreesWithTheToneMapIsReported() throws {
        try Self.expect(.gainmapHdrgmTmapMismatch, "gain-map-max-differs", [
            (Self.xmpOffset, Self.xmpPath, "image 4: hdrgm:GainMapMax 2.5 but gain_map_max 3 in tmap item 5"),
        ])
    }

    @Test func hdrgmOutOfRangeIsReported() throws {
        try Self.expect(.gainmapHdrgmRangeInvalid, "capacity-max-missing", [
            (Self.xmpOffset, Self.xmpPath, "image 4: hdrgm:HDRCapacityMax is missing"),
        ])
        try Self.expect(.gainmapHdrgmRangeInvalid, "gamma-zero", [
            (Self.xmpOffset, Self.xmpPath, "image 4: hdrgm:Gamma 0 is not above 0 (channel 0)"),
        ])
    }

    @Test func appleGainMapWithoutTheHeadroomItsVersionCarriesIsReported() throws {
        try Self.expect(.gainmapAppleInconsistent, "version-131072-without-headroom", [
            (Self.xmpOffset, Self.xmpPath, "image 4: HDRGainMapVersion 131072 without HDRGainMapHeadroom"),
        ])
    }

    /// Apple writes HDRGainMapVersion 65536 without a headroom (iOS 16, the headroom is in
    /// the MakerNote) and 131072 with one (ImageIO): neither is reported, nor does any rule
    /// added with the gain map area report anything on Apple's files.
    @Test(.requires(.realCorpus), arguments: ["apple-heic-depth-gainmap-ios16.heic", "imageio-jpeg-gainmap.jpg",
                                              "imageio-heic-depth-minimal.heic", "apple-jpeg-disparity-iphonex.jpg"])
    func appleFilesGetNoFindingFromTheNewRules(_ name: String) throws {
        let bytes = try #require(FileBytes.read(TestData.real(name)), "\(name) is missing from the real corpus")
        let report = Validation.check(bytes: bytes, path: name, options: CheckOptions())
        let new = Set(Self.newRules)
        #expect(report.findings.filter { new.contains($0.rule.rawValue) }.map(TextReport.line) == [])
        let apple = try #require(report.outcomes.first { $0.rule.id.rawValue == "gainmap.apple.inconsistent" })
        if name.contains("gainmap") { #expect(apple.outcome == .passed) }
    }

    static let gainMapRules = [
        "gainmap.tmap.malformed", "gainmap.tmap.version-unknown", "gainmap.tmap.dimg-order", "gainmap.tmap.altr-group",
        "gainmap.tmap.fraction-invalid", "gainmap.hdrgm.tmap-mismatch", "gainmap.hdrgm.range-invalid",
        "gainmap.apple.inconsistent",
    ]
    static let newRules = gainMapRules + HEIFItemRuleTests.rules + ["google.gdepth.measure-unknown", "google.gdepth.confidence-size"]
}
