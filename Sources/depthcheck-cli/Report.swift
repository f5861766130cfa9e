import ArgumentParser
import DepthCheckCore

/// `depthcheck report FILE... -o report.html`: the short form of `check --format html
/// --output report.html`, the page a person opens to look at the depth, the matte and the
/// findings. Same checks, same exit codes.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the visual report: one self-contained HTML page (short for check --pixels --format html -o).")

    @Argument(help: "Files or directories to check.") var paths: [String] = []
    @Option(name: .shortAndLong, help: "The HTML file to write.") var output: String
    @Flag(name: .shortAndLong, help: "Walk directories recursively.") var recursive = false
    @OptionGroup var jobsOption: JobsOption
    /// Kept for scripts: an existing file is never replaced without --force.
    @Flag(name: .customLong("no-clobber"), help: ArgumentHelp("An existing --output file is never replaced without --force.", visibility: .hidden))
    var noClobber = false
    @Flag(help: "Replace the --output file when it exists.") var force = false
    /// `check`'s judging options; the report decodes every map for its pictures, so the pixel
    /// rules always run.
    @OptionGroup var judging: CheckRequestOptions
    /// Kept for scripts that spell out `check`'s options: taken, and changes nothing.
    @Flag(name: .customLong("pixels"), help: ArgumentHelp("The pixel rules always run in a report.", visibility: .hidden))
    var pixels = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one file or directory") }
    }

    func run() throws {
        var run = CheckRun(paths: paths)
        run.format = .html
        run.output = output
        run.recursive = recursive
        run.jobs = jobsOption.jobs
        run.noClobber = noClobber
        run.force = force
        run.request = judging.request
        run.failOn = judging.failOn
        // Every map is decoded for its picture: the pixel rules judge the same decode.
        run.request.pixels = true
        let t = try run.runBatch()
        // Said on stderr, as the page goes to a file: what was written, in a word per verdict.
        CheckRun.sayWritten(output, t)
        if judging.failOn.exitsOnFindings { try CheckRun.exit(for: t) }
    }
}
