import enum AuxData.Base64
import Validator
import AuxData
import Container

/// The JSON forms of the README's contract: `info --json` (one object) and
/// `check --format json` (`{"tool", "files", "summary"}`). Field names are a contract that
/// scripts depend on; they change only with a new major version.
package enum JSONReport {
    package static func finding(_ f: RuleFinding, citation: Citation?) -> JSONValue {
        JSONTreeBuilder.build { finding(f, citation: citation, into: &$0) }
    }

    static func finding<S: JSONSink>(_ f: RuleFinding, citation: Citation?, shortening: RecordShortening = .none, into s: inout S) {
        s.beginObject()
        s.field("rule", f.rule.rawValue)
        s.field("severity", f.severity.rawValue)
        s.field("offset", f.offset)
        s.field("path", f.path)
        s.field("message", RecordShortening.cut(f.message, to: shortening.messageBytes))
        if shortening.citations, let c = citation { s.field("citation", c.description) }
        s.endObject()
    }

    /// One file object: path, container, verdict, the info fields, findings and rule lists.
    /// JSON Lines leaves the rule lists out unless asked (`rules`) and writes metadata as a
    /// list of `{key, value}` (`metadataAsList`), so a line stays short and its schema fixed.
    package static func file(_ r: FileReport, includeVerdict: Bool = true, rules: Bool = true,
                            metadataAsList: Bool = false) -> JSONValue {
        JSONTreeBuilder.build { file(r, includeVerdict: includeVerdict, rules: rules, metadataAsList: metadataAsList, into: &$0) }
    }

    /// `file(_:includeVerdict:rules:metadataAsList:)` written to `s`.
    static func file<S: JSONSink>(_ r: FileReport, includeVerdict: Bool, rules: Bool, metadataAsList: Bool,
                                  shortening: RecordShortening = .none, into s: inout S) {
        s.beginObject()
        s.field("path", r.path)
        // A name that is not UTF-8 reaches a DataFrame as replacement characters: its exact
        // bytes travel beside it.
        if PathText.hasRawBytes(r.path) { s.field("pathBytes", Base64.encode(PathText.bytes(of: r.path))) }
        s.field("container", r.container?.rawValue)
        if includeVerdict { s.field("verdict", r.verdict.rawValue) }
        if let p = r.photo { PhotoJSON.write(p, pixels: r.pixels, metadataAsList: metadataAsList, shortening: shortening, into: &s) }
        let findings = r.findings
        // The citation of each rule that found something (the first outcome of a rule wins);
        // only those rules are looked at: most files have few findings, every file ~150 outcomes.
        // A list of pairs, not a dictionary: a few rules (`ListSet` says why).
        var citations: [(rule: RuleID, citation: Citation?)] = []
        for f in findings where !citations.contains(where: { $0.rule == f.rule }) { citations.append((f.rule, nil)) }
        var unfound = citations.count
        var i = r.outcomes.startIndex
        while unfound > 0, i < r.outcomes.endIndex {
            let rule = r.outcomes[i].rule
            i += 1
            guard let k = citations.firstIndex(where: { $0.rule == rule.id }), citations[k].citation == nil else { continue }
            citations[k].citation = rule.citation
            unfound -= 1
        }
        let kept = min(findings.count, shortening.findings ?? findings.count)
        s.array("findings") { s in
            for f in findings.prefix(kept) {
                finding(f, citation: citations.first(where: { $0.rule == f.rule })?.citation, shortening: shortening, into: &s)
            }
        }
        if shortening != .none {
            s.array("shortened") { s in for name in shortening.names { s.string(name) } }
            if kept < findings.count { s.field("findingsOmitted", findings.count - kept) }
            if let p = r.photo, let n = shortening.auxImages, n < p.auxImages.count { s.field("auxImagesOmitted", p.auxImages.count - n) }
        }
        if includeVerdict && rules {
            var passed: [String] = [], failed: [String] = [], notApplicable: [String] = []
            for (rule, outcome) in r.outcomes {
                switch outcome {
                case .passed: passed.append(rule.id.rawValue)
                case .failed: failed.append(rule.id.rawValue)
                case .notApplicable: notApplicable.append(rule.id.rawValue)
                }
            }
            s.object("rules") { s in
                for (name, ids) in [("passed", passed), ("failed", failed), ("notApplicable", notApplicable)] {
                    s.array(name) { s in for id in ids { s.string(id) } }
                }
            }
        }
        s.endObject()
    }

    package static func batch(_ b: BatchReport) -> JSONValue {
        document(toolVersion: b.toolVersion, files: b.files.map { file($0) }, tally: BatchTally(b.files))
    }

    /// The `check --format json` document around its file objects.
    static func document(toolVersion: String, files: [JSONValue], tally t: BatchTally) -> JSONValue {
        .object([
            ("tool", .object([("name", .string("depthcheck")), ("version", .string(toolVersion))])),
            ("files", .array(files)),
            ("summary", .object([
                ("files", .int(t.files)), ("passed", .int(t.passed)), ("failed", .int(t.failed)),
                ("unreadable", .int(t.unreadable)), ("errors", .int(t.errors)), ("warnings", .int(t.warnings)),
                ("notes", .int(t.notes)),
            ])),
        ])
    }

    /// `depthcheck info --format json`: the same shape as `check`'s document, whatever the
    /// number of files: the tool, then `files`, each a file's object without a verdict.
    package static func infoDocument(toolVersion: String, _ reports: [FileReport]) -> JSONValue {
        .object([
            ("tool", .object([("name", .string("depthcheck")), ("version", .string(toolVersion))])),
            ("files", .array(reports.map { file($0, includeVerdict: false) })),
        ])
    }

    /// The catalog for `depthcheck rules --format json`.
    package static func catalog(_ rules: [RuleInfo]) -> JSONValue {
        .array(rules.map { r in
            .object([("id", .string(r.id.rawValue)), ("area", .string(r.area)), ("severity", .string(r.severity.rawValue)),
                     ("summary", .string(r.summary)), ("citation", .string(r.citation.description)),
                     ("fix", .string(r.fix)), ("severityNote", r.severityNote.map { .string($0) } ?? .null)])
        })
    }
}
