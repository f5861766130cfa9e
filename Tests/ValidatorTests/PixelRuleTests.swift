import Testing
import TestSupport
import Validator

/// The pixel rules (`check --pixels`): each fails its known-bad file with the exact message,
/// and none of them decodes or applies without the option.
@Suite struct PixelRuleTests {
    static let pixelRules = ["pixels.aux.undecodable", "pixels.aux.size-mismatch", "pixels.int-range.outside",
                             "pixels.depth.value-invalid", "pixels.map.flat", "pixels.matte.empty"]

    static func bad(_ rule: RuleID) throws -> BadCase {
        try #require(BadCorpus.pixelCases.first { $0.rule == rule })
    }

    static func findings(_ bytes: [UInt8], _ rule: RuleID) -> [String] {
        let report = Validation.check(bytes: bytes, path: "f", options: CheckOptions(pixels: true))
        return report.findings.filter { $0.rule == rule }.map { "\($0.severity) \($0.path) @\($0.offset ?? -1): \($0.message)" }
    }

    @Test func withoutPixelsNothingIsDecodedAndThePixelRulesDoNotApply() throws {
        for c in BadCorpus.pixelCases {
            let report = Validation.check(bytes: c.make(), path: c.name, options: CheckOptions())
            #expect(report.pixels.isEmpty, "\(c.name)")
            let outcomes = RuleOutcomes.check(c.make(), path: c.name)
            for rule in Self.pixelRules { #expect(outcomes.outcome(of: rule) == "notApplicable", "\(c.name) \(rule)") }
        }
    }

    @Test func aCutScanDoesNotDecode() throws {
        #expect(Self.findings(try Self.bad(.pixelsAuxUndecodable).make(), .pixelsAuxUndecodable) == [
            "error MPImage[2] @653: disparity image 2 does not decode: Corrupt JPEG data: premature end of data segment",
        ])
    }

    @Test func anISPELargerThanThePictureIsASizeMismatch() throws {
        #expect(Self.findings(try Self.bad(.pixelsAuxSizeMismatch).make(), .pixelsAuxSizeMismatch) == [
            "error meta/iinf/item[2] @122: disparity image 2: decoded 16×12, ispe declares 32×24",
        ])
    }

    @Test func samplesAboveIntMaxValueAreOutsideTheRange() throws {
        #expect(Self.findings(try Self.bad(.pixelsIntRangeOutside).make(), .pixelsIntRangeOutside) == [
            "warning MPImage[2] @653: disparity image 2: 38 of 192 samples lie outside IntMinValue…IntMaxValue 0…200 (stored 0…255)",
        ])
    }

    @Test func aNegativeFloatMinGivesNegativeDepths() throws {
        #expect(Self.findings(try Self.bad(.pixelsDepthValueInvalid).make(), .pixelsDepthValueInvalid) == [
            "error MPImage[2] @653: depth image 2: 40 of 192 samples map to a negative or non-finite depth (sample 0 → -1.0, from apdi)",
        ])
    }

    @Test func aConstantMapIsFlat() throws {
        #expect(Self.findings(try Self.bad(.pixelsMapFlat).make(), .pixelsMapFlat) == [
            "warning MPImage[2] @669: disparity image 2: all 192 samples are 100 (16×12)",
        ])
    }

    @Test func aMatteOfZerosIsEmpty() throws {
        #expect(Self.findings(try Self.bad(.pixelsMatteEmpty).make(), .pixelsMatteEmpty) == [
            "warning MPImage[3] @1984: portraitEffectsMatte image 3: all 192 samples are 0 (16×12)",
        ])
    }

    /// A disparity map with a portrait matte, both decodable and sound, passes every pixel rule.
    @Test func aGoodMapAndMattePassEveryPixelRule() throws {
        let good = try #require(GoodCorpus.all.first { $0.name == "jpeg-disparity-matte.jpg" })
        let outcomes = RuleOutcomes.check(good.make(), path: good.name, options: CheckOptions(pixels: true))
        for rule in Self.pixelRules { #expect(outcomes.outcome(of: rule) == "passed", "\(rule): \(outcomes)") }
    }

    /// The matte rule does not apply to a photo without a portrait matte; the map rules do.
    @Test func theMatteRuleNeedsAMatte() throws {
        let good = try #require(GoodCorpus.all.first { $0.name == "jpeg-disparity.jpg" })
        let outcomes = RuleOutcomes.check(good.make(), path: good.name, options: CheckOptions(pixels: true))
        #expect(outcomes.outcome(of: "pixels.matte.empty") == "notApplicable")
        #expect(outcomes.outcome(of: "pixels.map.flat") == "passed")
    }

    /// A 16-bit sample range: a flat 10-bit HEVC map would be judged the same way. Here the
    /// int-range rule is checked not to apply when IntMin ≥ IntMax (the dictionary rule's case).
    @Test func anInvertedIntRangeIsLeftToTheDictionaryRule() throws {
        let c = try #require(BadCorpus.jpegCases.first { $0.rule == .dictionaryIntRangeInvalid })
        let outcomes = RuleOutcomes.check(c.make(), path: c.name, options: CheckOptions(pixels: true))
        #expect(outcomes.outcome(of: "pixels.int-range.outside") != "failed", "\(outcomes)")
    }
}
