/// Human output: one line per finding with its rule id and location, then a summary.
/// Colour is the caller's choice (the CLI turns it on only for a terminal).
public enum TextReport {
    /// `error structure.mpf.offset-out-of-bounds at APP2#1/MPF/MPEntry[2] (offset 15785): …`
    public static func line(_ f: Finding) -> String {
        var where_ = PathText.display(f.path)
        if let o = f.offset { where_ += where_.isEmpty ? "offset \(o)" : " (offset \(o))" }
        // Paths and messages carry names and text from files: escaped, they cannot forge a line.
        return "\(f.severity.rawValue) \(f.rule)\(where_.isEmpty ? "" : " at " + where_): \(PathText.display(f.message))"
    }

    public static func render(_ b: BatchReport, colour: Bool) -> String {
        b.files.map { file($0, colour: colour) }.joined() + summary(BatchTally(b.files))
    }

    /// One file's verdict line and its findings.
    public static func file(_ f: FileReport, colour: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        let verdict: String
        switch f.verdict {
        case .pass: verdict = paint("PASS", "32")
        case .fail: verdict = paint("FAIL", "31")
        case .unreadable: verdict = paint("UNREADABLE", "35")
        }
        let applicable = f.outcomes.filter { $0.outcome != .notApplicable }.count
        let failedRules = f.outcomes.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        var out = "\(verdict) \(PathText.display(f.path)) (\(f.container?.rawValue ?? "unknown"); \(applicable) rules applied, \(failedRules) failed)\n"
        for finding in f.findings {
            let sev: String
            switch finding.severity {
            case .error: sev = paint("error", "31")
            case .warning: sev = paint("warning", "33")
            case .note: sev = paint("note", "36")
            }
            out += "  " + sev + String(line(finding).dropFirst(finding.severity.rawValue.count)) + "\n"
        }
        return out
    }

    /// The closing line: files by verdict, findings by severity.
    public static func summary(_ t: BatchTally) -> String {
        "\(t.files) file\(t.files == 1 ? "" : "s"): \(t.passed) passed, \(t.failed) failed, "
            + "\(t.unreadable) unreadable; \(t.errors) errors, \(t.warnings) warnings, \(t.notes) notes\n"
    }
}
