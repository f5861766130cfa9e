import AuxData
import Container

/// Bytes after the last image belong to no image in the MPF index; some iPhone files carry ~1 MB of zeros there, which readers tolerate, so this is a warning.
extension ParseIssueRule {
    static let jpegTrailingData = ParseIssueRule(
        RuleInfo("structure.jpeg.trailing-data", .warning, Citation(.observed, "§1.2: iPhone 7 Plus files end with zero padding"),
                 summary: "No bytes follow the last image's EOI.",
                 fix: "Truncate the file after the last image's EOI (FF D9)."),
        codes: [.trailingBytesAfterLastImage],
        container: .jpeg)
}
