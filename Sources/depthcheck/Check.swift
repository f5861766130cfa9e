import ArgumentParser
import AuxData
import Container
import Validator

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, junit
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

    @Argument(help: "Files or directories to check.") var paths: [String]
    @Flag(name: .shortAndLong, help: "Walk directories recursively.") var recursive = false
    @Flag(name: .customLong("follow-links"), help: "Follow symbolic links while walking directories (as find -L does).")
    var followLinks = false
    @Option(name: .customLong("ext"), help: "File extensions a directory walk picks, comma-separated (default: jpg,jpeg,heic,heif,hif,avif,mpo).")
    var extensions: [String] = []
    @Option(help: "Files checked in parallel.") var jobs: Int = 1
    @Option(help: "Report format: text, json, sarif or junit.") var format: ReportFormat = .text
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
        guard !paths.isEmpty else { throw ValidationError("give at least one file or directory") }
        if !extensions.isEmpty, FileDiscovery.parseExtensions(extensions) == nil {
            throw ValidationError("--ext takes extensions separated by commas, e.g. --ext jpg,heic")
        }
    }

    func run() throws {
        var discovery = FileDiscovery(recursive: recursive, followLinks: followLinks)
        if !extensions.isEmpty, let chosen = FileDiscovery.parseExtensions(extensions) { discovery.extensions = chosen }
        let found = discovery.expand(paths)
        for note in found.notes { Terminal.writeStderr("depthcheck: note: \(note)\n") }
        // Refused before any file is read, so a mistake costs nothing and overwrites nothing.
        var destination: OutputFile?
        if let output { destination = try OutputFile.prepare(output, inputs: paths + found.files, noClobber: noClobber) }
        let problems = Dictionary(found.problems.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
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
        let reports = BatchRunner.run(found.files, jobs: jobs, progress: Terminal.stderrIsTTY && found.files.count > 1) { path in
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
        let batch = BatchReport(toolVersion: Depthcheck.version, files: reports, catalog: Validation.catalog.map(\.info))
        let text: String
        switch format {
        case .text: text = TextReport.render(batch, colour: output == nil && Terminal.stdoutIsTTY)
        case .json: text = JSONReport.batch(batch).rendered() + "\n"
        case .sarif: text = SARIFReport.render(batch).rendered() + "\n"
        case .junit: text = JUnitReport.render(batch, failOn: failOn.severity)
        }
        if let destination {
            try destination.write(Array(text.utf8))
        } else {
            try StandardOutput.write(text)
        }
        if reports.contains(where: { $0.verdict == .unreadable }) { throw ExitCode(Exit.unreadable) }
        if reports.contains(where: { $0.verdict == .fail }) { throw ExitCode(Exit.findings) }
    }
}
