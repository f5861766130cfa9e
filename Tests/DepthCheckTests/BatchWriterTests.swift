import Testing
import TestSupport
@testable import Validator
import DepthCheckCore

/// A batch written file by file gives, byte for byte, what the whole-batch renderers give.
@Suite struct BatchWriterTests {
    static func streamed(_ b: BatchReport, _ format: BatchWriter.Format) -> String {
        var w = BatchWriter(format: format, toolVersion: b.toolVersion, catalog: b.catalog, paths: b.files.map(\.path))
        var out = w.begin()
        for f in b.files { out += w.add(f) }
        return out + w.end()
    }

    /// The fixed report of the rendering tests, its first file alone, and no file at all.
    static var batches: [BatchReport] {
        let b = ReportRenderingTests.batch
        return [b, BatchReport(toolVersion: b.toolVersion, files: Array(b.files.prefix(1)), catalog: b.catalog),
                BatchReport(toolVersion: b.toolVersion, files: [], catalog: b.catalog)]
    }

    @Test(arguments: [0, 1, 2])
    func everyFormatStreamsTheSameBytes(_ n: Int) {
        let b = Self.batches[n]
        #expect(Self.streamed(b, .text(colour: false)) == TextReport.render(b, colour: false))
        #expect(Self.streamed(b, .text(colour: true)) == TextReport.render(b, colour: true))
        #expect(Self.streamed(b, .json) == JSONReport.batch(b).rendered() + "\n")
        #expect(Self.streamed(b, .sarif) == SARIFReport.render(b).rendered() + "\n")
        #expect(Self.streamed(b, .junit(failOn: .error)) == JUnitReport.render(b, failOn: .error))
        #expect(Self.streamed(b, .junit(failOn: .warning)) == JUnitReport.render(b, failOn: .warning))
    }

    /// A line is the file object without the rule lists (with them under `--rules-detail`),
    /// metadata as `{key, value}` lists.
    @Test(arguments: [false, true]) func jsonLinesHoldOneFileObjectPerLine(rules: Bool) {
        let b = ReportRenderingTests.batch
        let lines = Self.streamed(b, .jsonl(rules: rules)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == b.files.count + 1 && lines.last == "")
        for (line, f) in zip(lines, b.files) {
            #expect(String(line) == JSONReport.file(f, rules: rules, metadataAsList: true).rendered(pretty: false))
            #expect(line.contains("\"rules\":{\"passed\"") == rules)
        }
    }

    /// A batch keeps a rendered file's report without its photo (`FileReport.withoutPhoto`):
    /// what the writer then counts and says is what the whole report gives.
    @Test(arguments: [false, true]) func aReportWithoutItsPhotoCountsTheSame(rules: Bool) {
        let files = ReportRenderingTests.batch.files
        #expect(files.contains { $0.photo != nil })
        for format in [BatchWriter.Format.jsonl(rules: rules), .text(colour: false), .html] {
            var whole = BatchWriter(format: format, toolVersion: "x", catalog: [], paths: files.map(\.path))
            var slim = whole
            for (n, f) in files.enumerated() {
                let bytes = BatchWriter.prerendered(f, number: n, format: format)
                #expect(bytes != nil)
                let kept = f.withoutPhoto
                #expect(kept.photo == nil && kept.pixels.isEmpty && kept.visuals == nil)
                #expect(kept.path == f.path && kept.verdict == f.verdict && kept.container == f.container)
                #expect(kept.findings == f.findings && kept.outcomes.map(\.rule.id.rawValue) == f.outcomes.map(\.rule.id.rawValue))
                #expect(slim.add(kept, prerendered: bytes) == whole.add(f, prerendered: bytes))
            }
            #expect(slim.tally == whole.tally && slim.end() == whole.end())
        }
    }

    @Test func theTallyCountsVerdictsAndFindings() {
        var w = BatchWriter(format: .jsonl(rules: false), toolVersion: "x", catalog: [], paths: [])
        for f in ReportRenderingTests.batch.files { _ = w.add(f) }
        #expect(w.tally == BatchTally(ReportRenderingTests.batch.files))
        #expect([w.tally.files, w.tally.passed, w.tally.failed, w.tally.unreadable] == [3, 1, 1, 1])
        #expect([w.tally.errors, w.tally.warnings, w.tally.notes] == [2, 0, 1])
    }
}
