/// One problem a rule found in one file: where it is and what the actual values are.
package struct RuleFinding: Sendable, Equatable {
    package let rule: RuleID
    package let severity: FindingSeverity
    /// Absolute byte offset of the offending structure, when there is one.
    package let offset: Int?
    /// Structural path such as `APP2#1/MPF/MPEntry[2]` or `meta/iprp/ipco[7]:auxC`.
    package let path: String
    package let message: String

    package init(rule: RuleID, severity: FindingSeverity, offset: Int?, path: String, message: String) {
        self.rule = rule
        self.severity = severity
        self.offset = offset
        self.path = path
        self.message = message
    }
}

/// What one rule concluded about one file.
package enum RuleOutcome: Sendable, Equatable {
    case passed
    case failed([RuleFinding])
    case notApplicable

    package var findings: [RuleFinding] {
        if case .failed(let f) = self { return f }
        return []
    }
}
