/// What `depthcheck info` prints of the reports `CheckRequest.describe(path:limits:pixels:)`
/// makes.
package enum PhotoDescription {
    /// One JSON document, `{tool, files: [...]}`, whatever the number of files, with a final
    /// newline.
    package static func json(toolVersion: String, _ reports: [ValidationReport]) -> String {
        JSONReport.infoDocument(toolVersion: toolVersion, reports.map(\.report)).rendered() + "\n"
    }

    /// The indented text of one file.
    package static func text(_ report: ValidationReport) -> String { InfoText.render(report.report) }
}
