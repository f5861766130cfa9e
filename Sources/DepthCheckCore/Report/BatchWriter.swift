import AuxData
import Container
import Validator

/// Writes a batch report file by file: `begin()`, then `add(_:)` for each file in input order
/// as it finishes, then `end()`. Only counts (and the HTML index's one short row a file) are
/// kept between files, so a batch of any size holds at most the files still being checked.
/// Each format's text is byte for byte what its whole-batch renderer gives (JUnit keeps each file's small suite until the end, because its
/// root element carries the totals).
package struct BatchWriter {
    /// What the report is written as.
    package enum Format: Sendable {
        /// The text `depthcheck check` prints; `colour` adds ANSI colours for a terminal.
        case text(colour: Bool)
        /// One JSON document with a `files` array and the summary.
        case json
        /// JSON Lines: one file object per line, metadata as `{key, value}` lists; the rule lists
        /// only with `rules`.
        case jsonl(rules: Bool)
        /// SARIF 2.1.0, one run with every file.
        case sarif
        /// `notApplicable`: list rules that do not apply as skipped test cases.
        case junit(failOn: FindingSeverity, notApplicable: Bool = false)
        /// The visual report: one self-contained HTML page.
        case html
    }

    let format: Format
    let toolVersion: String
    let catalog: [RuleInfo]
    let paths: [String]
    /// The counts of the files added so far.
    package private(set) var tally = BatchTally()
    /// Items written into the streamed array (files for JSON, results for SARIF).
    private var items = 0
    private var stream: JSONStream?
    private var ruleIndex: [String: Int] = [:]
    private var suites = ""
    private var counts = JUnitReport.Counts()
    /// Findings per rule id, for the HTML summary.
    private var findingsByRule: [String: Int] = [:]
    /// The HTML index: a short row per file, in input order.
    private var indexRows: [String] = []

    /// `paths` are the files the batch will report, in input order (SARIF lists them first).
    package init(format: Format, toolVersion: String, catalog: [RuleInfo], paths: [String]) {
        self.format = format
        self.toolVersion = toolVersion
        self.catalog = catalog
        self.paths = paths
    }

    /// What the report starts with, before the first file.
    package mutating func begin() -> String {
        switch format {
        case .text, .jsonl, .junit: return ""
        case .html: return HTMLReport.head(toolVersion: toolVersion)
        case .json:
            let s = JSONStream { JSONReport.document(toolVersion: toolVersion, files: $0, tally: BatchTally()) }
            stream = s
            return s.head
        case .sarif:
            ruleIndex = SARIFReport.ruleIndex(catalog)
            let s = JSONStream { SARIFReport.document(toolVersion: toolVersion, catalog: catalog, paths: paths, results: $0) }
            stream = s
            return s.head
        }
    }

    /// The UTF-8 of what `add(_:)` gives for the file of input position `number` when that
    /// depends on the file alone (JSON Lines, text, an HTML card), nil for the formats that
    /// number their items as they go or keep them to the end (JSON, SARIF, JUnit). A batch's
    /// worker threads make it before the file's turn, so that only writing waits for input
    /// order. Bytes, not a `String`: a JSON line is written as bytes and goes out as bytes,
    /// where making a `String` of it checked every byte's UTF-8 once more.
    package static func prerendered(_ r: FileReport, number: Int, format: Format) -> [UInt8]? {
        switch format {
        case .jsonl(let rules): return jsonLineBytes(r, rules: rules)
        case .text(let colour): return Array(TextReport.file(r, colour: colour).utf8)
        case .html: return Array(HTMLReport.card(r, number: number, visuals: r.visuals).utf8)
        case .json, .sarif, .junit: return nil
        }
    }

    /// `add(_:)` with the bytes `prerendered(_:number:format:)` made for this file, when it
    /// made them: the counts are kept, and the bytes are the UTF-8 of what `add(_:)` would
    /// have given.
    package mutating func add(_ r: FileReport, prerendered: [UInt8]?) -> [UInt8] {
        guard let bytes = prerendered else { return Array(add(r).utf8) }
        if case .html = format { noteForSummary(r, number: tally.files) }
        tally.add(r)
        return bytes
    }

    /// The HTML report draws the report's `visuals`; other formats have none.
    package mutating func add(_ r: FileReport) -> String {
        let number = tally.files
        tally.add(r)
        switch format {
        case .html:
            noteForSummary(r, number: number)
            return HTMLReport.card(r, number: number, visuals: r.visuals)
        case .text(let colour): return TextReport.file(r, colour: colour)
        case .jsonl(let rules): return Self.jsonLine(r, rules: rules)
        case .json: return streamed([JSONReport.file(r)])
        case .sarif: return streamed(SARIFReport.results(for: r, fileIndex: number, ruleIndex: ruleIndex))
        case .junit(let failOn, let notApplicable):
            let (xml, c) = JUnitReport.suite(r, failOn: failOn, notApplicable: notApplicable)
            suites += xml
            counts += c
            return ""
        }
    }

    /// What the HTML summary keeps of a file: its findings by rule and its index row.
    private mutating func noteForSummary(_ r: FileReport, number: Int) {
        for f in r.findings { findingsByRule[f.rule.rawValue, default: 0] += 1 }
        indexRows.append(HTMLReport.indexRow(r, number: number))
    }

    /// What the report ends with, after the last file: the summary for text, HTML and JSON.
    package mutating func end() -> String {
        switch format {
        case .text: return TextReport.summary(tally)
        case .jsonl: return ""
        case .html:
            let byRule = findingsByRule.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            return HTMLReport.tail(tally: tally, findingsByRule: byRule.map { ($0.key, $0.value) }, catalog: catalog, index: indexRows)
        case .json:
            // The summary closes the document: cut it from the document with the final counts.
            let closing = JSONStream { JSONReport.document(toolVersion: toolVersion, files: $0, tally: tally) }
            return closing.end(count: items) + "\n"
        case .sarif: return (stream?.end(count: items) ?? "") + "\n"
        case .junit: return JUnitReport.document(suites, counts)
        }
    }

    /// One JSON Lines line, its newline included: written with one write(2), it reaches a pipe
    /// whole (POSIX: writes of at most PIPE_BUF bytes are atomic) in all but pathological files.
    static func jsonLine(_ r: FileReport, rules: Bool) -> String {
        String(decoding: jsonLineBytes(r, rules: rules), as: UTF8.self)
    }

    /// Without the rule lists, a record longer than `RecordShortening.limit` is written again,
    /// shorter, until it fits (`RecordShortening.steps`); with them (`--rules-detail`) it is
    /// whole, as asked.
    static func jsonLineBytes(_ r: FileReport, rules: Bool) -> [UInt8] {
        var line = JSONLineWriter()
        JSONReport.file(r, includeVerdict: true, rules: rules, metadataAsList: true, into: &line)
        let whole = line.line()
        guard !rules, whole.count > RecordShortening.limit else { return whole }
        var shorter = whole
        for step in RecordShortening.steps {
            JSONReport.file(r, includeVerdict: true, rules: rules, metadataAsList: true, shortening: step, into: &line)
            shorter = line.line()
            if shorter.count <= RecordShortening.limit { break }
        }
        return shorter
    }

    private mutating func streamed(_ values: [JSONValue]) -> String {
        guard let s = stream else { return "" }
        var out = ""
        for v in values {
            out += s.item(v, number: items)
            items += 1
        }
        return out
    }
}
