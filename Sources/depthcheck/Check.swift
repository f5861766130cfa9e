import ArgumentParser
import AuxData
import Container
import Validator

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl, sarif, junit, html
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
    @Option(help: "Report format: text, json, jsonl (one JSON object per file, as each finishes), sarif, junit or html (one self-contained page).")
    var format: ReportFormat = .text
    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.") var output: String?
    @Flag(name: .customLong("no-clobber"), help: "Refuse to overwrite an existing --output file.") var noClobber = false
    @Flag(help: "Replace an --output file that is read-only.") var force = false
    @Option(name: .customLong("fail-on"), help: "Lowest severity that fails a file: error or warning.")
    var failOn: FailLevel = .error
    @Flag(help: "Treat every should-rule (warning) as a shall-rule (error).") var strict = false
    @Option(help: "Require an aux image: depth (depth or disparity), disparity, or matte (repeatable).")
    var require: [RequiredAux] = []
    @Flag(help: "Also decode every aux image and run the pixel rules (undecodable data, decoded size, integer range, values, flat maps, empty mattes).")
    var pixels = false
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
        try CheckRun(self).run()
    }
}
