import ArgumentParser
import DepthCheckCore

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl, sarif, junit, html
}

/// `--fail-on`: the lowest severity that fails a file, or `never`, for batch engines (ruff's
/// `--exit-zero`): files still pass or fail in the report by their errors, but the exit status
/// says only whether every input got its result.
enum FailLevel: String, ExpressibleByArgument, CaseIterable {
    case error, warning, never
    var severity: FindingSeverity { self == .warning ? .warning : .error }
    /// Whether findings and unreadable files make the exit status non-zero.
    var exitsOnFindings: Bool { self != .never }
}

extension CheckRequest.Requirement: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check photos against the rule catalog (the default command).")

    @Argument(help: "Files or directories to check.") var paths: [String] = []
    @Option(name: CheckOptionName.filesFrom.name, help: "Also check the paths listed in this file, one per line (- for standard input).")
    var filesFrom: String?
    @Flag(name: CheckOptionName.nul.name, help: "With --files-from: the paths are separated by NUL bytes, as find -print0 writes them.")
    var nulSeparated = false
    @Flag(name: CheckOptionName.recursive.name, help: "Walk directories recursively.") var recursive = false
    @Flag(name: CheckOptionName.followLinks.name, help: "Follow symbolic links while walking directories (as find -L does).")
    var followLinks = false
    @Option(name: CheckOptionName.ext.name, help: "File extensions a directory walk picks, comma-separated (default: jpg,jpeg,heic,heif,hif,avif,mpo).")
    var extensions: [String] = []
    @OptionGroup var jobsOption: JobsOption
    @Option(name: CheckOptionName.format.name, help: "Report format: text, json, jsonl (one JSON object per file, as each finishes), sarif, junit or html (one self-contained page).")
    var format: ReportFormat = .text
    @Option(name: CheckOptionName.output.name, help: "Write the report to this file instead of standard output.") var output: String?
    /// Kept for scripts: an existing file is never replaced without --force.
    @Flag(name: CheckOptionName.noClobber.name, help: ArgumentHelp("An existing --output file is never replaced without --force.", visibility: .hidden))
    var noClobber = false
    @Flag(name: CheckOptionName.force.name, help: "Replace the --output file when it exists.") var force = false
    @Option(name: CheckOptionName.shard.name, help: ArgumentHelp("Check only shard K of N (0 ≤ K < N): the files whose path hashes to K (FNV-1a of its bytes, the same on every machine); {shard} in --output becomes K.", valueName: "K/N"))
    var shard: String?
    @Flag(name: CheckOptionName.allNames.name, help: "With -r, check every name of a file with several (hard links); by default a file is checked once.")
    var allNames = false
    @Flag(name: CheckOptionName.rulesDetail.name, help: "In JSON Lines, list the rules that passed, failed and did not apply on each line (always in --format json).")
    var rulesDetail = false
    @Flag(name: CheckOptionName.junitSkipped.name, help: "With --format junit, list the rules that do not apply to a file as skipped test cases (left out by default).")
    var junitSkipped = false
    @Flag(name: CheckOptionName.pixels.name, help: "Also decode every aux image and run the pixel rules (undecodable data, decoded size, integer range, values, flat maps, empty mattes).")
    var pixels = false
    @OptionGroup var judging: CheckRequestOptions
    @Option(name: CheckOptionName.timeout.name, help: "Seconds one file's check may take; a file that takes longer is reported unreadable.")
    var timeout: Double?

    func validate() throws {
        if let t = timeout, !(t > 0 && t <= 86_400) { throw ValidationError("--timeout must be between 0 and 86400 seconds") }
        guard !paths.isEmpty || filesFrom != nil else { throw ValidationError("give at least one file or directory, or --files-from") }
        if nulSeparated && filesFrom == nil { throw ValidationError("-0 goes with --files-from") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard \(shard): give K/N with 0 ≤ K < N ≤ \(Shard.maxCount), e.g. --shard 0/8")
        }
        if shard == nil, output?.contains("{shard}") ?? false {
            throw ValidationError("--output \(output ?? ""): {shard} is replaced by --shard's K; give --shard K/N")
        }
        if !extensions.isEmpty, FileDiscovery.parseExtensions(extensions) == nil {
            throw ValidationError("--ext takes extensions separated by commas, e.g. --ext jpg,heic")
        }
    }

    func run() throws {
        try CheckRun(self).run()
    }
}
