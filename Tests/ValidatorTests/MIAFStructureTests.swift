import Testing
import TestSupport
import Validator

/// MIAF §7.2.1.1 and §7.2.1.2, judged for files that declare `miaf`: hdlr first in meta, and
/// mif1 and miaf among the compatible brands.
@Suite struct MIAFStructureTests {
    static func findings(_ name: String) throws -> [RuleFinding] {
        let bytes = try #require(BadCorpus.all.first { $0.name == name }).make()
        return Validation.check(bytes: bytes, path: name, options: CheckOptions()).findings
    }

    @Test func aBoxBeforeHdlrIsAnError() throws {
        let f = try Self.findings("dinf-before-hdlr.heic")
        #expect(f.map(\.rule.rawValue) == ["structure.heif.miaf-handler-not-first"])
        #expect(f.map(\.message) == ["meta's first box is 'dinf', not 'hdlr'"] && f.map(\.offset) == [40])
    }

    @Test func compatibleBrandsWithoutMif1AreAnError() throws {
        let f = try Self.findings("miaf-without-mif1.heic")
        #expect(f.map(\.rule.rawValue) == ["structure.heif.miaf-brands"])
        #expect(f.map(\.message) == ["compatible brands 'heic', 'miaf' lack 'mif1'"])
    }

    @Test func theGoodFilePassesBoth() throws {
        let good = try #require(FileBytes.read(TestData.packageRoot + "/Corpus/good/heif-disparity.heic"))
        let outcomes = Validation.check(bytes: good, path: "g.heic", options: CheckOptions()).outcomes
        for id in ["structure.heif.miaf-handler-not-first", "structure.heif.miaf-brands"] {
            #expect(outcomes.first { $0.rule.id.rawValue == id }.map { "\($0.outcome)" } == "passed", "\(id)")
        }
    }
}
