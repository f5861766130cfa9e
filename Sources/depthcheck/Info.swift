import ArgumentParser
import Validator
import enum DepthCheckCore.PhotoFile

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a photo's structure, one aux data dictionary per aux image, and its value statistics.")

    @Argument(help: "The photos to read.") var files: [String]
    @Flag(help: "Print JSON with the field names of the depthcheck contract: one object, or an array of them for several files.") var json = false
    @Flag(name: .customLong("no-pixels"), help: "Do not decode the aux images (no statistics).") var noPixels = false
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one photo") }
    }

    func run() throws {
        if let dir = files.first(where: { Platform.status($0)?.kind == .directory }) {
            throw CommandFailure(Exit.usage, "\(PathText.display(dir)) is a directory; info describes files (depthcheck check -r \(PathText.display(dir)) checks the files in it)")
        }
        // `info photo.jpg >> photo.jpg` would grow the photo by its own description.
        try OutputFile.requireStandardOutput(isNotOneOf: files)
        let reports = files.map(describe)
        if json {
            let objects = reports.map { JSONReport.file($0, includeVerdict: false).rendered() }
            try StandardOutput.write((objects.count == 1 ? objects[0] : "[\n" + objects.joined(separator: ",\n") + "\n]") + "\n")
        } else {
            try StandardOutput.write(reports.map(InfoText.render).joined(separator: "\n"))
        }
        if reports.contains(where: { $0.verdict == .unreadable }) { throw ExitCode(Exit.unreadable) }
    }

    func describe(_ file: String) -> FileReport {
        do {
            // Decoding reads the aux images' coded data, which a partial read leaves out of a HEIF.
            let bytes = try PhotoFile.read(file, noPixels ? .structure : .whole)
            return Validation.describe(bytes: bytes, path: file, limits: limitOptions.limits, pixels: !noPixels)
        } catch {
            return Validation.unreadable(path: file, message: "\(error)")
        }
    }
}
