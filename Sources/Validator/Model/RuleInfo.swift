/// The fixed description of a rule: its stable id, severity, source and advice.
///
/// Ids are dotted `area.subject.problem`; the first segment is the area (`structure`,
/// `dictionary`, `geometry`, `matte`, `google`, `gainmap`, `pixels`). An id is never renumbered or reused.
public struct RuleInfo: Sendable, Equatable {
    public let id: String
    public let severity: Severity
    public let citation: Citation
    /// One line: what must hold.
    public let summary: String
    /// One line: how to make a failing file pass.
    public let fix: String

    public init(_ id: String, _ severity: Severity, _ citation: Citation, summary: String, fix: String) {
        self.id = id
        self.severity = severity
        self.citation = citation
        self.summary = summary
        self.fix = fix
    }

    public var area: String { String(id.prefix { $0 != "." }) }

    /// A finding of this rule at its own severity.
    public func finding(_ offset: Int?, _ path: String, _ message: String, severity: Severity? = nil) -> Finding {
        Finding(rule: id, severity: severity ?? self.severity, offset: offset, path: path, message: message)
    }
}
