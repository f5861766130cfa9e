/// One problem a rule found in one file: where it is and what the actual values are.
public struct RuleFinding: Sendable, Equatable {
    public let rule: RuleID
    public let severity: Severity
    /// Absolute byte offset of the offending structure, when there is one.
    public let offset: Int?
    /// Structural path such as `APP2#1/MPF/MPEntry[2]` or `meta/iprp/ipco[7]:auxC`.
    public let path: String
    public let message: String

    public init(rule: RuleID, severity: Severity, offset: Int?, path: String, message: String) {
        self.rule = rule
        self.severity = severity
        self.offset = offset
        self.path = path
        self.message = message
    }
}

/// What one rule concluded about one file.
public enum RuleOutcome: Sendable, Equatable {
    case passed
    case failed([RuleFinding])
    case notApplicable

    public var findings: [RuleFinding] {
        if case .failed(let f) = self { return f }
        return []
    }
}
