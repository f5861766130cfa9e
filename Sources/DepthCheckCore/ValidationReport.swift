import AuxData
import Validator

/// One thing a rule found, where it is in the file, and the source the rule cites.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// The rule that found it.
    public let rule: RuleID
    /// How much it weighs.
    public let severity: FindingSeverity
    /// The absolute byte offset in the file, when the finding has one.
    public let offset: Int?
    /// Where in the structure: `APP2#1/MPF/MPEntry[2]`, `meta/iprp/ipco[7]:auxC`.
    public let path: String
    /// What was found, with the values found.
    public let message: String

    init(_ f: RuleFinding) {
        rule = f.rule
        severity = f.severity
        offset = f.offset
        path = f.path
        message = f.message
    }

    /// `error matte.requires-depth at meta/iinf (offset 120): …`, as `depthcheck check` prints it.
    public var description: String {
        var place = path
        if let o = offset { place += place.isEmpty ? "offset \(o)" : " (offset \(o))" }
        return "\(severity) \(rule)\(place.isEmpty ? "" : " at " + place): \(message)"
    }
}

/// The verdict on a photo: every rule's outcome and the findings, with the report formats of
/// `depthcheck check`.
public struct ValidationReport: Sendable {
    /// `pass` (no error), `fail` (an error), or `unreadable` (the file could not be read).
    public typealias Verdict = FileVerdict

    let report: FileReport

    init(_ report: FileReport) { self.report = report }

    /// The file's name as it was given.
    public var path: String { report.path }

    /// Why the file could not be read, when it could not.
    public var readErrorMessage: String? { report.readError?.message }

    /// The report without the photo model it was made from: what a batch keeps of a file
    /// once its record is written.
    public var withoutPhoto: ValidationReport { ValidationReport(report.withoutPhoto) }

    /// The verdict on the photo.
    public var verdict: Verdict { report.verdict }

    /// Every finding, in catalog order (a read error first).
    public var findings: [Finding] { report.findings.map(Finding.init) }

    /// The rules that applied and found nothing.
    public var passedRules: [RuleID] {
        report.outcomes.filter { $0.outcome == .passed }.map { $0.rule.id }
    }
    /// The rules that found something (an error, a warning or a note).
    public var failedRules: [RuleID] {
        report.outcomes.filter { !$0.outcome.findings.isEmpty }.map { $0.rule.id }
    }

    /// The report as `depthcheck check --format json` writes one file of it (the JSON contract).
    public func json() -> String { JSONReport.file(report).rendered() }
    /// The report as SARIF 2.1.0, one run with this file.
    public func sarif() -> String { SARIFReport.render(batch).rendered() }
    /// The report as JUnit XML, failing at `failOn`.
    public func junit(failOn: FindingSeverity = .error) -> String {
        JUnitReport.render(batch, failOn: failOn)
    }
    /// The report as `depthcheck check` prints it.
    public func text() -> String { TextReport.render(batch, colour: false) }

    var batch: BatchReport {
        BatchReport(toolVersion: DepthCheckLibrary.version, files: [report], catalog: Validation.catalog.map(\.info))
    }
}

/// The library's version: that of the depthcheck it ships with.
public enum DepthCheckLibrary {
    /// `0.1.0`.
    public static let version = "0.1.0"
}
