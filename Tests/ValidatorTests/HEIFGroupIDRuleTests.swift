import Testing
import AuxData
import Container
import TestSupport
@testable import Validator

/// `structure.heif.group-id-collision`: an entity group's ID must be no item's and no other
/// group's (ISO/IEC 14496-12 §8.18.3). Exact offsets and messages on the known-bad files; the
/// gain map fixture and Nokia's C050 (two `albc` groups with properties of their own) pass.
@Suite struct HEIFGroupIDRuleTests {
    static let rule = RuleID.structureHEIFGroupIDCollision

    static func bad(_ name: String) throws -> [UInt8] {
        try #require(BadCorpus.all.first { $0.rule == rule && $0.name == name + ".heic" }).make()
    }

    static func outcome(_ bytes: [UInt8]) -> RuleOutcome? {
        Validation.check(bytes: bytes, path: "test.heic", options: CheckOptions()).outcomes.first { $0.rule.id == rule }?.outcome
    }

    @Test func aGroupIDThatIsAnItemIDIsAnError() throws {
        let bytes = try Self.bad("altr-group-id-is-an-item-id")
        let altr = ByteSearch.offsets(of: Array("altr".utf8), in: bytes)
        #expect(altr.count == 1)
        let at = try #require(altr.first) - 4
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings(Self.rule.rawValue, bytes),
                                      [(at, "meta/grpl/altr", "'altr' group_id 4 is also an item's ID")])
        #expect(HEIFStructureRuleTests.findings(Self.rule.rawValue, bytes).map(\.severity) == [.error])
    }

    @Test func twoGroupsWithOneIDAreAnError() throws {
        let bytes = try Self.bad("two-groups-share-an-id")
        let altr = ByteSearch.offsets(of: Array("altr".utf8), in: bytes).map { $0 - 4 }
        #expect(altr.count == 2)
        let (first, second) = (try #require(altr.first), try #require(altr.last))
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings(Self.rule.rawValue, bytes), [
            (second, "meta/grpl/altr", "'altr' group_id 7 is also the ID of the 'altr' group at offset \(first)"),
        ])
    }

    @Test func groupsWithIDsOfTheirOwnPass() throws {
        guard case .passed = try #require(Self.outcome(BadCorpus.heifGainMapGood)) else {
            Issue.record("the gain map fixture's altr group 7 does not pass")
            return
        }
    }

    @Test func aFileWithoutGroupsIsNotJudged() throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        guard case .notApplicable = try #require(Self.outcome(bytes)) else {
            Issue.record("a file without grpl was judged")
            return
        }
    }

    /// C050's `albc` groups 1013 and 1014 have properties through ipma entries that name the
    /// groups (ISO/IEC 23008-12 §9.3.1); neither rule finds anything.
    @Test(.requires(.conformanceFile("nokia-C050-albc-group-properties.heic")))
    func nokiaC050PassesWithItsGroupProperties() throws {
        let bytes = try TestData.conformanceBytes("nokia-C050-albc-group-properties.heic")
        guard case .passed = try #require(Self.outcome(bytes)) else {
            Issue.record("C050's groups 1013 and 1014 were judged to collide")
            return
        }
        #expect(HEIFStructureRuleTests.findings("structure.heif.iref-missing-item", bytes).isEmpty)
    }
}
