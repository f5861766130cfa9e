import ArgumentParser
import DepthCheckCore

/// One `check` run, as plain values: what `Check` parsed, or what `QuickArguments` read
/// without the option parser.
struct CheckRun: Equatable {
    var paths: [String]
    var filesFrom: String? = nil
    var nulSeparated = false
    var recursive = false
    var followLinks = false
    var extensions: [String] = []
    var jobs = 1
    var format = ReportFormat.text
    var output: String? = nil
    /// `--no-clobber`: accepted for scripts that pass it; it asks for what every command does
    /// (an existing file is replaced only with `--force`).
    var noClobber = false
    /// `--force`: an existing --output file may be replaced.
    var force = false
    /// `--fail-on`: which findings fail a file (it sets the request's `failOn`), and whether
    /// they decide the exit status.
    var failOn = FailLevel.error { didSet { request.failOn = failOn.severity } }
    /// What each file's check judges: `strict`, `require`, `limits`, `pixels`, `ignoredRules`.
    var request = CheckRequest()
    var timeout: Double? = nil
    /// JUnit: list rules that do not apply as skipped test cases.
    var junitSkipped = false
    var shard: Shard? = nil
    var allNames = false
    var rulesDetail = false

    init(paths: [String]) { self.paths = paths }

    init(_ c: Check) {
        paths = c.paths
        filesFrom = c.filesFrom
        nulSeparated = c.nulSeparated
        recursive = c.recursive
        followLinks = c.followLinks
        extensions = c.extensions
        jobs = c.jobsOption.jobs
        format = c.format
        output = c.output
        noClobber = c.noClobber
        force = c.force
        request = c.judging.request
        request.pixels = c.pixels
        failOn = c.judging.failOn
        timeout = c.timeout
        junitSkipped = c.junitSkipped
        shard = c.shard.flatMap(Shard.init)
        allNames = c.allNames
        rulesDetail = c.rulesDetail
    }

    func run() throws {
        let tally = try runBatch()
        // A report in a file: one line on stderr says what was written, as every writer does.
        if let output, output != "-" { Self.sayWritten(output, tally) }
        if failOn.exitsOnFindings { try Self.exit(for: tally) }
    }

    /// `wrote r.json: 2 files, 1 pass, 1 fail`.
    static func sayWritten(_ output: String, _ t: BatchTally) {
        var parts = ["\(t.passed) pass"]
        if t.failed > 0 { parts.append("\(t.failed) fail") }
        if t.unreadable > 0 { parts.append("\(t.unreadable) unreadable") }
        Terminal.writeStderr("wrote \(PathText.display(output)): \(TextReport.count(t.files, "file")), \(parts.joined(separator: ", "))\n")
    }

    /// Exit 3 when a file could not be read, else 1 when one failed, else 0.
    static func exit(for tally: BatchTally) throws {
        if tally.unreadable > 0 { throw ExitCode(Exit.unreadable) }
        if tally.failed > 0 { throw ExitCode(Exit.findings) }
    }

    /// Checks every file and writes the report; the counts it wrote.
    func runBatch() throws -> BatchTally {
        let listed = try filesFrom.map { try PathList.read($0, nulSeparated: nulSeparated) } ?? []
        var discovery = FileDiscovery(recursive: recursive, followLinks: followLinks, allNames: allNames)
        if !extensions.isEmpty, let chosen = FileDiscovery.parseExtensions(extensions) { discovery.extensions = chosen }
        // A folder is checked only with -r: without it, a usage error before anything is read.
        if !recursive, let dir = paths.first(where: { Platform.status($0)?.kind == .directory }) {
            throw CommandFailure(Exit.usage, "\(PathText.display(dir)) is a directory; give -r to check the files in it")
        }
        var found = discovery.expand(paths + listed)
        for note in found.notes { Terminal.writeStderr("depthcheck: note: \(note)\n") }
        // A mistyped folder or --ext must not pass CI: a walk that found nothing to check fails.
        if found.files.isEmpty, recursive, !paths.isEmpty {
            let what = extensions.isEmpty ? "no JPEG or HEIF file" : "no file with extension \(extensions.joined(separator: ", "))"
            throw CommandFailure(Exit.usage, "\(what) under \(paths.map(PathText.display).joined(separator: ", ")); nothing checked")
        }
        if let shard { found.files = found.files.filter(shard.contains) }
        let output = shard.map { s in self.output.map { s.naming($0) } } ?? self.output
        // Refused before any file is read, so a mistake costs nothing and overwrites nothing.
        var sink = ReportSink.standardOutput
        if output == nil {
            // `check photo.jpg >> photo.jpg` would grow the photo by its own report.
            try OutputFile.requireStandardOutput(isNotOneOf: paths + listed + found.files, known: found.named)
        }
        if let output {
            let file = try OutputFile.prepare(output, inputs: paths + listed + found.files + [filesFrom].compactMap { $0 }.filter { $0 != "-" },
                                              known: found.named, noClobber: !force, force: force,
                                              allowedBy: "--force")
            try Self.requireReportName(output, format: format)
            sink = .file(try file.open())
        }
        // Needed no more: its memory goes back before the batch's own is allocated.
        found.named = [:]
        var writer = BatchWriter(format: writerFormat, toolVersion: Depthcheck.version, paths: found.files)
        // Every check thread, a timed-out one too, has ended before the process goes on to exit.
        let running = Timeout.Running(jobs: jobs)
        defer { running.waitForAll() }
        do {
            try sink.append(writer.begin())
            var failure: CommandFailure?
            let rendering = writerFormat
            BatchRunner.run(found.files, jobs: jobs, progress: Terminal.stderrIsTTY && found.files.count > 1,
                            checker(problems: found.problems, files: found.files.count, running: running),
                            render: { BatchWriter.prerendered($0, number: $1, format: rendering) }) { report, bytes in
                do throws(CommandFailure) {
                    try sink.append(writer.add(report, prerendered: bytes))
                    // The text report on the terminal says it already; a report in a file or
                    // in JSON must not leave the one who ran it unaware.
                    if report.verdict == .unreadable, output != nil || format != .text {
                        let why = report.readErrorMessage ?? "unreadable"
                        Terminal.writeStderr("depthcheck: " + (why.hasPrefix(report.path) ? why : "cannot read \(PathText.display(report.path)): \(why)") + "\n")
                    }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            // The pixel rules are the ones that see a flat or empty map: a check without them
            // says once, before the summary, that values went unjudged and how to judge them.
            // Said with the text report, which a person reads; JSON, SARIF and JUnit show no
            // statistics for the aux images, which says the same to a program.
            if format == .text, writer.tally.auxImagesNotDecoded > 0 {
                let n = writer.tally.auxImagesNotDecoded
                Terminal.writeStderr("depthcheck: note: values not checked: \(TextReport.count(n, "aux image")) not decoded; --pixels decodes them and runs the pixel rules\n")
            }
            try sink.append(writer.end())
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        return writer.tally
    }

    /// Refuses (exit 2) a report name whose extension names another format: an HTML page
    /// written as `out.pdf`, JSON as `r.html`. A name without an extension, one no format
    /// claims, or a device is taken.
    static func requireReportName(_ output: String, format: ReportFormat) throws(CommandFailure) {
        guard output != "-", Platform.status(output)?.kind != .other, let named = FileNameFormat.named(by: output) else { return }
        let wanted: [FileNameFormat]
        switch format {
        // Text is read by anything that reads text: only a name of a binary or page format is wrong.
        case .text: wanted = [.text, .json, .xml, .csv]
        case .json, .jsonl, .sarif: wanted = [.json]
        case .junit: wanted = [.xml]
        case .html: wanted = [.html]
        }
        guard !wanted.contains(named) else { return }
        let want = wanted.flatMap(\.extensions).prefix(2).map { "." + $0 }.joined(separator: " or ")
        throw CommandFailure(Exit.usage, "\(PathText.display(output)) is named as \(named.rawValue), but the report is \(format.rawValue); give -o ending in \(want)")
    }

    var writerFormat: BatchWriter.Format {
        switch format {
        case .text: return .text(colour: output == nil && Terminal.stdoutIsTTY)
        case .json: return .json
        case .jsonl: return .jsonl(rules: rulesDetail)
        case .sarif: return .sarif
        case .junit: return .junit(failOn: failOn.severity, notApplicable: junitSkipped)
        case .html: return .html
        }
    }

    /// The check of one path: unreadable when discovery already knows it cannot be read, else
    /// read and checked under the timeout. For the HTML report, the whole file is read and its
    /// pictures are drawn too (`files` sets their size).
    func checker(problems: [(path: String, message: String)], files: Int,
                 running: Timeout.Running) -> @Sendable (String) -> ValidationReport {
        let problems = Dictionary(problems.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
        var request = self.request
        request.pictureSide = format == .html ? ReportVisuals.maxSide(files: files) : nil
        let timeout = timeout
        let buffers = ReadBufferPool()
        return { [request] path in
            if let p = problems[path] { return CheckRequest.unreadable(path: path, message: p) }
            return Timeout.check(path, seconds: timeout, running: running) { cancellation in
                request.check(path: path, buffers: buffers, cancellation: cancellation)
            }
        }
    }
}
