import ArgumentParser
import Validator

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a photo's structure, one aux data dictionary per aux image, and its value statistics.")

    @Argument(help: "The photo to read.") var file: String
    @Flag(help: "Print one JSON object with the field names of the depthcheck contract.") var json = false
    @Flag(name: .customLong("no-pixels"), help: "Do not decode the aux images (no statistics).") var noPixels = false
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let report: FileReport
        do {
            // Decoding reads the aux images' coded data, which a partial read leaves out of a HEIF.
            let bytes = noPixels ? try PhotoInput.read(file) : try PhotoInput.readWhole(file)
            report = Validation.describe(bytes: bytes, path: file, limits: limitOptions.limits, pixels: !noPixels)
        } catch {
            report = Validation.unreadable(path: file, message: "\(error)")
        }
        if json {
            try StandardOutput.write(JSONReport.file(report, includeVerdict: false).rendered() + "\n")
        } else {
            try StandardOutput.write(InfoText.render(report))
        }
        if report.verdict == .unreadable { throw ExitCode(Exit.unreadable) }
    }
}
