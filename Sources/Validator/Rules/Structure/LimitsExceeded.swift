import Container

extension ReaderProblemRule {
    /// Every count a file declares is checked against a limit before anything is allocated;
    /// exceeding one is a finding, not a crash.
    static let limitsExceeded = ReaderProblemRule(
        RuleInfo(.structureLimitsExceeded, .error, Citation(.depthcheck, "section \"Using it\": --max-items, --max-xmp-bytes, --max-pixels and the other --max-* options"),
                 summary: "The file stays within depthcheck's limits on counts, nesting and sizes.",
                 fix: "If the file is genuine, raise the limit with the matching option; otherwise it is hostile or corrupt."),
        codes: [.limitExceeded],
        container: nil)
}

extension RuleID {
    /// `structure.limits.exceeded`, checked by this file's rule.
    package static let structureLimitsExceeded = RuleID(rawValue: "structure.limits.exceeded")
}
