import ArgumentParser
import DepthCheckCore

/// What `info` prints.
enum InfoFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a photo's structure, one aux data dictionary per aux image, and its value statistics.")

    @Argument(help: "The photos to read.") var files: [String]
    @Option(help: "text, or json (one document, {tool, files: [...]}, whatever the number of files, as check writes).")
    var format: InfoFormat = .text
    @Flag(help: "Short for --format json.") var json = false
    @Flag(name: .shortAndLong, help: "Walk directories recursively, as check -r does.") var recursive = false
    @Flag(name: .customLong("no-pixels"), help: "Do not decode the aux images (no statistics).") var noPixels = false
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one photo") }
    }

    func run() throws {
        if !recursive, let dir = files.first(where: { Platform.status($0)?.kind == .directory }) {
            throw CommandFailure(Exit.usage, "\(PathText.display(dir)) is a directory; give -r to describe the files in it")
        }
        let found = FileDiscovery(recursive: recursive).expand(files)
        for note in found.notes { Terminal.writeStderr("depthcheck: note: \(note)\n") }
        if recursive, found.files.isEmpty {
            throw CommandFailure(Exit.usage, "no JPEG or HEIF file under \(files.map(PathText.display).joined(separator: ", ")); nothing described")
        }
        // `info photo.jpg >> photo.jpg` would grow the photo by its own description.
        try OutputFile.requireStandardOutput(isNotOneOf: found.files)
        let problems = Dictionary(found.problems.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
        let reports = found.files.map { f in
            problems[f].map { CheckRequest.unreadable(path: f, message: $0) }
                ?? CheckRequest.describe(path: f, limits: limitOptions.limits, pixels: !noPixels)
        }
        if json || format == .json {
            try StandardOutput.write(PhotoDescription.json(toolVersion: Depthcheck.version, reports))
        } else {
            try StandardOutput.write(reports.map(PhotoDescription.text).joined(separator: "\n"))
        }
        if reports.contains(where: { $0.verdict == .unreadable }) { throw ExitCode(Exit.unreadable) }
    }
}
