import AuxData
import Validator
import Container

/// Human output: one line per finding with its rule id and location, then a summary.
/// Colour is the caller's choice (the CLI turns it on only for a terminal).
package enum TextReport {
    /// `error structure.mpf.offset-out-of-bounds at APP2#1/MPF/MPEntry[2] (offset 15785): …`
    package static func line(_ f: RuleFinding) -> String {
        var where_ = PathText.display(f.path)
        if let o = f.offset { where_ += where_.isEmpty ? "offset \(o)" : " (offset \(o))" }
        // Paths and messages carry names and text from files: escaped, they cannot forge a line.
        return "\(f.severity.rawValue) \(f.rule)\(where_.isEmpty ? "" : " at " + where_): \(PathText.display(f.message))"
    }

    package static func render(_ b: BatchReport, colour: Bool) -> String {
        b.files.map { file($0, colour: colour) }.joined() + summary(BatchTally(b.files))
    }

    /// One file's verdict line and its findings.
    package static func file(_ f: FileReport, colour: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        let verdict: String
        switch f.verdict {
        case .pass: verdict = paint("PASS", "32")
        case .fail: verdict = paint("FAIL", "31")
        case .unreadable: verdict = paint("UNREADABLE", "35")
        }
        let about = f.photo == nil ? "not read" : "\(contents(f)); \(ruleCounts(f))"
        var out = "\(verdict) \(PathText.display(f.path)) (\(f.container?.rawValue ?? "unknown"); \(about))\n"
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

    /// What the file holds, as a CI log reader needs it: the depth-like maps with their sizes,
    /// the other aux images by name; `no depth or aux images` for a photo that has none, so an
    /// empty pass is never mistaken for a depth photo.
    static func contents(_ f: FileReport) -> String {
        guard let photo = f.photo else { return "" }
        if let s = photo.structure.imageSequence {
            return "image sequence" + (s.trackSize.map { " \($0.width)×\($0.height)" } ?? "") + ", no still image"
        }
        guard !photo.auxImages.isEmpty else { return "no depth or aux images" }
        return photo.auxImages.map { aux in
            let name = kindName(aux)
            guard aux.kind.isDepthLike || aux.kind.isMatte, let w = aux.coded.width, let h = aux.coded.height else { return name }
            return "\(name) \(w)×\(h)"
        }.joined(separator: ", ")
    }

    /// An aux kind in words: `depth`, `disparity`, `portrait matte`, `hair matte`, `gain map`.
    static func kindName(_ aux: ParsedAuxImage) -> String {
        switch aux.kind {
        case .depth: return "depth"
        case .disparity: return "disparity"
        case .portraitEffectsMatte: return "portrait matte"
        case .semanticMatte: return (aux.semanticMatte?.rawValue).map { "\($0) matte" } ?? "semantic matte"
        case .hdrGainMap: return "gain map"
        case .alpha: return "alpha"
        case .confidence: return "depth confidence"
        case .view: return "view"
        case .original: return "original image"
        case .unknown: return "unknown aux image"
        }
    }

    /// The rules that applied and how each ended, by its worst finding: `27 rules: 26 passed,
    /// 1 warning`. A rule whose findings are all warnings did not fail the file, and is not
    /// counted as failed.
    static func ruleCounts(_ f: FileReport) -> String {
        var passed = 0, failed = 0, warned = 0, noted = 0
        for (_, outcome) in f.outcomes {
            switch outcome {
            case .notApplicable: continue
            case .passed: passed += 1
            case .failed(let findings):
                if findings.contains(where: { $0.severity == .error }) { failed += 1 }
                else if findings.contains(where: { $0.severity == .warning }) { warned += 1 }
                else { noted += 1 }
            }
        }
        let applied = passed + failed + warned + noted
        guard applied > 0 else { return "no rule applied" }
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if warned > 0 { parts.append(count(warned, "warning")) }
        if noted > 0 { parts.append(count(noted, "note")) }
        return count(applied, "rule") + ": " + parts.joined(separator: ", ")
    }

    /// `1 file`, `2 files`, `0 errors`.
    package static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// The closing line: files by verdict, findings by severity.
    package static func summary(_ t: BatchTally) -> String {
        "\(count(t.files, "file")): \(t.passed) passed, \(t.failed) failed, \(t.unreadable) unreadable; "
            + "\(count(t.errors, "error")), \(count(t.warnings, "warning")), \(count(t.notes, "note"))\n"
    }
}
