import Foundation
import Testing
import TestSupport

/// `check --ignore`: the named rules, by id or area, are not run and not reported; a name that
/// is neither is refused before anything is read.
@Suite struct IgnoreRulesTests {
    static let turned = "Corpus/bad/geometry.content.misaligned/disparity-turned-180.jpg"

    static func rules(_ r: Tools.Result) throws -> (passed: [String], failed: [String], notApplicable: [String]) {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        let rules = try #require(file["rules"] as? [String: Any])
        return (rules["passed"] as? [String] ?? [], rules["failed"] as? [String] ?? [], rules["notApplicable"] as? [String] ?? [])
    }

    @Test func anIgnoredRuleIsNeitherRunNorReported() throws {
        let all = try Self.rules(try Tools.depthcheck(["check", "--pixels", "--format", "json", Self.turned]))
        #expect(all.failed == ["geometry.content.misaligned"])
        #expect(all.passed.contains("geometry.content.unrelated"))

        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", "--ignore", "geometry.content.misaligned", Self.turned])
        #expect(r.status == 0, "\(r.stderr)")
        let ignored = try Self.rules(r)
        #expect(ignored.failed.isEmpty)
        #expect(!(ignored.passed + ignored.notApplicable).contains("geometry.content.misaligned"))
        #expect(ignored.passed.contains("geometry.content.unrelated"))
    }

    /// An area names every rule under it; several names go in one value separated by commas.
    @Test func anAreaAndAListIgnoreEveryRuleTheyName() throws {
        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", "--ignore", "geometry.content,structure.mpf", Self.turned])
        let left = try Self.rules(r)
        let named = (left.passed + left.failed + left.notApplicable)
        #expect(!named.contains { $0.hasPrefix("geometry.content.") || $0.hasPrefix("structure.mpf.") })
        #expect(named.contains("structure.jpeg.segment-invalid") && named.contains { $0.hasPrefix("geometry.") })
    }

    @Test func aNameThatIsNoRuleIsRefused() throws {
        let r = try Tools.depthcheck(["check", "--ignore", "geometry.content.misalignd", Self.turned])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--ignore geometry.content.misalignd: no rule has this id or area"))
        // A prefix that is not a whole area name is not one.
        #expect(try Tools.depthcheck(["check", "--ignore", "geometry.cont", Self.turned]).status == 2)
    }
}
