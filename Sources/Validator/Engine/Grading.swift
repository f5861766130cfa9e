/// The one place where a rule's level becomes a finding's severity.
///
/// A rule's `RuleInfo.severity` is the level of its source's sentence: shall → error,
/// should → warning, convention → note. Rules write findings at that level; the engine grades
/// every outcome here, and `--strict` changes only this: a should-rule (warning) becomes an
/// error, the way mp4parse's `ParseStrictness.Strict` fails on should-violations.
struct Grading: Sendable {
    let strictness: Strictness

    func severity(_ level: FindingSeverity) -> FindingSeverity {
        strictness == .strict && level == .warning ? .error : level
    }

    func grade(_ outcome: RuleOutcome) -> RuleOutcome {
        guard case .failed(let findings) = outcome, strictness == .strict else { return outcome }
        return .failed(findings.map { f in
            RuleFinding(rule: f.rule, severity: severity(f.severity), offset: f.offset, path: f.path, message: f.message)
        })
    }
}
