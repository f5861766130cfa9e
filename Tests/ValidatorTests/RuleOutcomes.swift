import Validator

/// What one check concluded about each rule: the rule ids the report lists as passed, failed
/// and not applicable. Tests reach the validator through this one helper, so a change of the
/// report's shape is fixed here once.
struct RuleOutcomes: Equatable, CustomStringConvertible {
    var passed: Set<String> = []
    var failed: Set<String> = []
    var notApplicable: Set<String> = []

    /// Checks `bytes` with `Validation.check(bytes:path:options:)`. A file that cannot be read
    /// fails `structure.file.unreadable` and lists nothing else; a file that was read passes it
    /// (the report's rule lists name only the catalog, the read itself is that rule).
    static func check(_ bytes: [UInt8], path: String = "file", options: CheckOptions = CheckOptions()) -> RuleOutcomes {
        let report = Validation.check(bytes: bytes, path: path, options: options)
        var o = RuleOutcomes()
        if let e = report.readError {
            o.failed.insert(e.rule.rawValue)
            return o
        }
        o.passed.insert(Validation.unreadableRule.id.rawValue)
        for (rule, outcome) in report.outcomes {
            switch outcome {
            case .passed: o.passed.insert(rule.id.rawValue)
            case .failed: o.failed.insert(rule.id.rawValue)
            case .notApplicable: o.notApplicable.insert(rule.id.rawValue)
            }
        }
        return o
    }

    /// The outcome of one rule as the report's list name: `passed`, `failed`,
    /// `notApplicable`, or `unlisted`.
    func outcome(of rule: String) -> String {
        if passed.contains(rule) { return "passed" }
        if failed.contains(rule) { return "failed" }
        if notApplicable.contains(rule) { return "notApplicable" }
        return "unlisted"
    }

    var description: String {
        "passed \(passed.sorted()), failed \(failed.sorted()), notApplicable \(notApplicable.sorted())"
    }
}
