import Testing
import TestSupport
import Validator

/// Every rule in both directions, beside the corpus test: its known-bad file (built by
/// TestSupport/BadCorpus) fails it, and a good file (TestSupport/GoodCorpus) on which it
/// applies passes it. No good file may fail any rule.
@Suite struct RuleOutcomeTests {
    static var ruleIDs: [String] { CatalogCoverageTests.ruleIDs }

    /// Rules that apply only under a check option, with that option (as `expected.txt` of
    /// their `Corpus/bad/` folder gives it).
    static func options(for rule: String) -> CheckOptions {
        if rule.hasPrefix("pixels.") || rule.hasPrefix("geometry.content.") { return CheckOptions(pixels: true) }
        return rule == "structure.aux.required-missing" ? CheckOptions(require: [.depth]) : CheckOptions()
    }

    /// Good files a rule's options rightly fail, and why: not every good photo has depth.
    static let outsideTheRule: [String: Set<String>] = [
        // --require depth: the low-overhead alpha sample, the AVIFs and the Ultra
        // HDR photos have no depth, and must fail it.
        "structure.aux.required-missing": ["heif-mini-alpha.heif", "avif-alpha.avif", "avif-a1op-lsel.avif", "jpeg-scene-ultrahdr.jpg", "jpeg-ultrahdr.jpg", "jpeg-ultrahdr-iso21496.jpg",
                                           "jpeg-ultrahdr-no-mpf.jpg", "heif-exif-item.heic", "heif-cropped-primary.heic"],
        // A vendor's trailer is named in a note, which the rule reports whenever one is there.
        "structure.jpeg.trailing-data": ["jpeg-samsung-dualshot.jpg"],
    ]

    /// Rules that never pass, and why: they report a fact whenever they apply.
    static let neverPass: [String: Comment] = [
        "geometry.primary.cropped": "a note that fires whenever the primary has a clap and aux images exist",
        "structure.heif.image-sequence": "a note that names a file holding only an image sequence; not applicable to a still image",
    ]

    /// Good files that fail a rule today (`rule on file`), each a bug to fix in the library,
    /// not in the file.
    /// Good files on which a rule is known to fail, with why; none today.
    static let knownFailures: [String: Comment] = [:]

    static var passingRuleIDs: [String] { ruleIDs.filter { neverPass[$0] == nil } }
    static var neverPassingRuleIDs: [String] { ruleIDs.filter { neverPass[$0] != nil } }

    /// Each good file's outcomes under `options`.
    static func goodOutcomes(_ options: CheckOptions) -> [(name: String, outcomes: RuleOutcomes)] {
        GoodCorpus.all.map { ($0.name, RuleOutcomes.check($0.make(), path: $0.name, options: options)) }
    }

    @Test(arguments: ruleIDs)
    func knownBadFileFailsTheRule(_ rule: String) throws {
        let cases = BadCorpus.all.filter { $0.rule.rawValue == rule }
        try #require(!cases.isEmpty, "TestSupport/BadCorpus has no case for \(rule)")
        for c in cases {
            let outcomes = RuleOutcomes.check(c.make(), path: c.name, options: Self.options(for: rule))
            #expect(outcomes.outcome(of: rule) == "failed", "\(c.name): \(outcomes)")
        }
    }

    @Test(arguments: passingRuleIDs)
    func aGoodFileOnWhichTheRuleAppliesPassesIt(_ rule: String) {
        let results = Self.goodOutcomes(Self.options(for: rule))
        let passing = results.filter { $0.outcomes.outcome(of: rule) == "passed" }.map(\.name)
        let seen = results.map { "\($0.name) \($0.outcomes.outcome(of: rule))" }.joined(separator: ", ")
        #expect(!passing.isEmpty, "no good file on which \(rule) applies: \(seen)")
        for r in results where !(Self.outsideTheRule[rule]?.contains(r.name) ?? false) {
            let known = Self.knownFailures[rule + " on " + r.name]
            withKnownIssue(known) {
                #expect(["passed", "notApplicable"].contains(r.outcomes.outcome(of: rule)),
                        "\(r.name): \(rule) \(r.outcomes.outcome(of: rule))")
            } when: {
                known != nil
            }
        }
    }

    @Test(arguments: neverPassingRuleIDs)
    func aRuleThatNeverPassesDoesNotApplyToAnyGoodFile(_ rule: String) {
        for r in Self.goodOutcomes(Self.options(for: rule)) {
            #expect(r.outcomes.outcome(of: rule) == "notApplicable", "\(r.name): \(Self.neverPass[rule] ?? "")")
        }
    }

    /// The good files themselves: each is read, and fails nothing but the rules it is outside of.
    @Test(arguments: GoodCorpus.all)
    func goodFileFailsNoRule(_ c: GoodCase) {
        let outcomes = RuleOutcomes.check(c.make(), path: c.name)
        let outside = Set(Self.outsideTheRule.filter { $0.value.contains(c.name) }.keys)
        #expect(outcomes.failed.subtracting(outside) == [], "\(c.name): \(outcomes)")
        #expect(outcomes.passed.contains("structure.file.unreadable"))
    }
}
