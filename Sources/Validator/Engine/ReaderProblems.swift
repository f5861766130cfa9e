import AuxData
import Container

/// Reader problems, bytes the parsers could not read, and the rule each is reported under.
///
/// Each rule names the reader problem codes it reports (`Rule.readerCodes`): the rules that
/// report nothing else are `ReaderProblemRule`s, one per file in `Rules/` beside the rules that
/// also judge the structure (`structure.heif.box-invalid`, `structure.heif.grid-invalid`, …).
/// The routing below is derived from the catalog, so it cannot drift from it. A code no rule
/// names is reported under `structure.file.malformed`, so a parser change can never make a
/// problem disappear.
enum ReaderProblems {
    /// Rule id per reader problem code, from every rule's `readerCodes`.
    static let owners: [ParseError.Code: RuleID] = {
        var owners: [ParseError.Code: RuleID] = [:]
        for rule in AllRules.list { for c in rule.readerCodes { owners[c] = rule.info.id } }
        return owners
    }()

    /// The rule that reports problems whose code no rule owns.
    static var malformedFile: RuleInfo { ReaderProblemRule.malformed.info }

    /// The reader problems among `issues` that belong to `rule`, as findings in reading order.
    static func findings(for rule: RuleInfo, in issues: [ParseError]) -> [RuleFinding] {
        // Most photos have no reader problems: nothing to compare the rule's id with.
        guard !issues.isEmpty else { return [] }
        if rule.id == malformedFile.id {
            return issues.filter { owners[$0.code] == nil }.map { rule.finding($0.offset, $0.path, $0.message) }
        }
        return issues.filter { owners[$0.code] == rule.id }.map { e in
            rule.finding(e.offset, e.path, e.message)
        }
    }
}
