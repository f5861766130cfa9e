import ArgumentParser
import Validator

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a photo's structure and one aux data dictionary per aux image.")

    @Argument(help: "The photo to read.") var file: String
    @Flag(help: "Print one JSON object with the field names of the depthcheck contract.") var json = false
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let report: FileReport
        do {
            let bytes = try PhotoInput.read(file)
            report = Validation.describe(bytes: bytes, path: file, limits: limitOptions.limits)
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
