import Testing
import TestSupport
@testable import Validator

/// `--require depth` is met by a depth or disparity aux image, and by a Dynamic Depth camera's
/// depth map; `--require disparity` only by disparity.
@Suite struct RequiredAuxTests {
    static func outcome(_ name: String, _ require: [CheckOptions.Requirement]) throws -> RuleOutcome {
        let good = try #require(GoodCorpus.all.first { $0.name == name })
        let report = Validation.check(bytes: good.make(), path: name, options: CheckOptions(require: require))
        return try #require(report.outcomes.first { $0.rule.id.rawValue == "structure.aux.required-missing" }).outcome
    }

    @Test func dynamicDepthMeetsRequireDepthButNotDisparity() throws {
        #expect(try Self.outcome("jpeg-dynamic-depth.jpg", [.depth]) == .passed)
        let disparity = try Self.outcome("jpeg-dynamic-depth.jpg", [.disparity])
        #expect(disparity.findings.map(\.message) == ["no disparity image (required by --require disparity)"])
        #expect(try Self.outcome("jpeg-dynamic-depth.jpg", []) == .notApplicable)
    }
}
