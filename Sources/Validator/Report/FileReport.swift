/// The verdict on one file: every rule's outcome, and the file's structure for the report.
public struct FileReport: Sendable {
    public enum Verdict: String, Sendable {
        case pass, fail, unreadable
    }

    public var path: String
    /// `jpeg` or `heif`; nil when the file could not be recognised.
    public var container: String?
    public var verdict: Verdict
    /// The `info` fields of the JSON contract (`primary`, `auxImages`), in contract order.
    public var info: [(String, JSONValue)]
    /// Every rule of the catalog with what it concluded, in catalog order.
    public var outcomes: [(rule: RuleInfo, outcome: RuleOutcome)]
    /// Why the file could not be read at all (I/O, not a JPEG or HEIF, unreadable header).
    public var readError: Finding?

    public init(path: String, container: String?, verdict: Verdict, info: [(String, JSONValue)],
                outcomes: [(rule: RuleInfo, outcome: RuleOutcome)], readError: Finding?) {
        self.path = path
        self.container = container
        self.verdict = verdict
        self.info = info
        self.outcomes = outcomes
        self.readError = readError
    }

    /// Every finding, the read error first.
    public var findings: [Finding] {
        (readError.map { [$0] } ?? []) + outcomes.flatMap { $0.outcome.findings }
    }

    public func count(_ severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}

/// A run over one or more files.
public struct BatchReport: Sendable {
    public var toolVersion: String
    public var files: [FileReport]
    public var catalog: [RuleInfo]
    public init(toolVersion: String, files: [FileReport], catalog: [RuleInfo]) {
        self.toolVersion = toolVersion
        self.files = files
        self.catalog = catalog
    }

    public var passed: Int { files.filter { $0.verdict == .pass }.count }
    public var failed: Int { files.filter { $0.verdict == .fail }.count }
    public var unreadable: Int { files.filter { $0.verdict == .unreadable }.count }
}
