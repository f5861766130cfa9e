/// Human output: one line per finding with its rule id and location, then a summary.
/// Colour is the caller's choice (the CLI turns it on only for a terminal).
public enum TextReport {
    /// `error structure.mpf.offset-out-of-bounds at APP2#1/MPF/MPEntry[2] (offset 15785): …`
    public static func line(_ f: Finding) -> String {
        var where_ = f.path
        if let o = f.offset { where_ += where_.isEmpty ? "offset \(o)" : " (offset \(o))" }
        return "\(f.severity.rawValue) \(f.rule)\(where_.isEmpty ? "" : " at " + where_): \(f.message)"
    }

    public static func render(_ b: BatchReport, colour: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var out = ""
        for f in b.files {
            let verdict: String
            switch f.verdict {
            case .pass: verdict = paint("PASS", "32")
            case .fail: verdict = paint("FAIL", "31")
            case .unreadable: verdict = paint("UNREADABLE", "35")
            }
            let applicable = f.outcomes.filter { $0.outcome != .notApplicable }.count
            let failedRules = f.outcomes.filter { if case .failed = $0.outcome { return true } else { return false } }.count
            out += "\(verdict) \(f.path) (\(f.container?.rawValue ?? "unknown"); \(applicable) rules applied, \(failedRules) failed)\n"
            for finding in f.findings {
                let sev: String
                switch finding.severity {
                case .error: sev = paint("error", "31")
                case .warning: sev = paint("warning", "33")
                case .note: sev = paint("note", "36")
                }
                out += "  " + sev + String(line(finding).dropFirst(finding.severity.rawValue.count)) + "\n"
            }
        }
        let errors = b.files.reduce(0) { $0 + $1.count(.error) }
        let warnings = b.files.reduce(0) { $0 + $1.count(.warning) }
        let notes = b.files.reduce(0) { $0 + $1.count(.note) }
        out += "\(b.files.count) file\(b.files.count == 1 ? "" : "s"): \(b.passed) passed, \(b.failed) failed, "
            + "\(b.unreadable) unreadable; \(errors) errors, \(warnings) warnings, \(notes) notes\n"
        return out
    }
}
