import ArgumentParser
import AuxData
import Container
import Validator

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl, sarif, junit
}

enum FailLevel: String, ExpressibleByArgument, CaseIterable {
    case error, warning
    var severity: Severity { self == .error ? .error : .warning }
}

enum RequiredAux: String, ExpressibleByArgument, CaseIterable {
    case depth, disparity, matte
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check photos against the rule catalog (the default command).")

    @Argument(help: "Files or directories to check.") var paths: [String] = []
    @Option(name: .customLong("files-from"), help: "Also check the paths listed in this file, one per line (- for standard input).")
    var filesFrom: String?
    @Flag(name: .customShort("0"), help: "With --files-from: the paths are separated by NUL bytes, as find -print0 writes them.")
    var nulSeparated = false
    @Flag(name: .shortAndLong, help: "Walk directories recursively.") var recursive = false
    @Flag(name: .customLong("follow-links"), help: "Follow symbolic links while walking directories (as find -L does).")
    var followLinks = false
    @Option(name: .customLong("ext"), help: "File extensions a directory walk picks, comma-separated (default: jpg,jpeg,heic,heif,hif,avif,mpo).")
    var extensions: [String] = []
    @Option(help: "Files checked in parallel.") var jobs: Int = 1
    @Option(help: "Report format: text, json, jsonl (one JSON object per file, as each finishes), sarif or junit.")
    var format: ReportFormat = .text
    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.") var output: String?
    @Flag(name: .customLong("no-clobber"), help: "Refuse to overwrite an existing --output file.") var noClobber = false
    @Option(name: .customLong("fail-on"), help: "Lowest severity that fails a file: error or warning.")
    var failOn: FailLevel = .error
    @Flag(help: "Treat every should-rule (warning) as a shall-rule (error).") var strict = false
    @Option(help: "Require an aux image: depth (depth or disparity), disparity, or matte (repeatable).")
    var require: [RequiredAux] = []
    @OptionGroup var limitOptions: LimitOptions
    @Option(help: "Seconds one file's check may take; a file that takes longer is reported unreadable.")
    var timeout: Double?

    func validate() throws {
        guard jobs >= 1, jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        if let t = timeout, !(t > 0 && t <= 86_400) { throw ValidationError("--timeout must be between 0 and 86400 seconds") }
        guard !paths.isEmpty || filesFrom != nil else { throw ValidationError("give at least one file or directory, or --files-from") }
        if nulSeparated && filesFrom == nil { throw ValidationError("-0 goes with --files-from") }
        if !extensions.isEmpty, FileDiscovery.parseExtensions(extensions) == nil {
            throw ValidationError("--ext takes extensions separated by commas, e.g. --ext jpg,heic")
        }
    }

    func run() throws {
        let listed = try filesFrom.map { try PathList.read($0, nulSeparated: nulSeparated) } ?? []
        var discovery = FileDiscovery(recursive: recursive, followLinks: followLinks)
        if !extensions.isEmpty, let chosen = FileDiscovery.parseExtensions(extensions) { discovery.extensions = chosen }
        let found = discovery.expand(paths + listed)
        for note in found.notes { Terminal.writeStderr("depthcheck: note: \(note)\n") }
        // Refused before any file is read, so a mistake costs nothing and overwrites nothing.
        var sink = ReportSink.standardOutput
        if let output {
            sink = .file(try OutputFile.prepare(output, inputs: paths + listed + found.files, noClobber: noClobber).open())
        }
        var writer = BatchWriter(format: writerFormat, toolVersion: Depthcheck.version,
                                 catalog: Validation.catalog.map(\.info), paths: found.files)
        do {
            try sink.append(writer.begin())
            var failure: CommandFailure?
            BatchRunner.run(found.files, jobs: jobs, progress: Terminal.stderrIsTTY && found.files.count > 1,
                            checker(problems: found.problems)) { report in
                do throws(CommandFailure) {
                    try sink.append(writer.add(report))
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            try sink.append(writer.end())
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        if writer.tally.unreadable > 0 { throw ExitCode(Exit.unreadable) }
        if writer.tally.failed > 0 { throw ExitCode(Exit.findings) }
    }

    var writerFormat: BatchWriter.Format {
        switch format {
        case .text: return .text(colour: output == nil && Terminal.stdoutIsTTY)
        case .json: return .json
        case .jsonl: return .jsonl
        case .sarif: return .sarif
        case .junit: return .junit(failOn: failOn.severity)
        }
    }

    /// The check of one path: unreadable when discovery already knows it cannot be read, else
    /// read and checked under the timeout.
    func checker(problems: [(path: String, message: String)]) -> @Sendable (String) -> FileReport {
        let problems = Dictionary(problems.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
        let options = CheckOptions(
            strictness: strict ? .strict : .normal,
            failOn: failOn.severity,
            require: require.map { r -> CheckOptions.Requirement in
                switch r {
                case .depth: return .depth
                case .disparity: return .disparity
                case .matte: return .matte
                }
            },
            limits: limitOptions.limits)
        let timeout = timeout
        return { path in
            if let p = problems[path] { return Validation.unreadable(path: path, message: p) }
            return Timeout.check(path, seconds: timeout) {
                do {
                    let bytes = try FileBytes.read(path)
                    return Validation.check(bytes: bytes, path: path, options: options)
                } catch {
                    return Validation.unreadable(path: path, message: "\(error)")
                }
            }
        }
    }
}
