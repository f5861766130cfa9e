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
            let bytes = try FileBytes.read(file)
            report = Validation.describe(bytes: bytes, path: file, limits: limitOptions.limits)
        } catch {
            report = Validation.unreadable(path: file, message: "\(error)")
        }
        if json {
            print(JSONReport.file(report, includeVerdict: false).rendered())
        } else {
            print(InfoText.render(report), terminator: "")
        }
        if report.verdict == .unreadable { throw ExitCode(Exit.unreadable) }
    }
}
