import AuxData
import Container

/// Bytes after the last image belong to no image in the MPF index; some iPhone files carry ~1 MB of zeros there, which readers tolerate, so this is a warning.
extension ParseIssueRule {
    static let jpegTrailingData = ParseIssueRule(
        RuleInfo("structure.jpeg.trailing-data", .warning, Citation(.jpeg, "Annex B.2.1 (EOI ends the compressed data); CIPA DC-007 §5.2.3.3 (each MP image located by offset and size)"),
                 summary: "No bytes follow the last image's EOI.",
                 fix: "Truncate the file after the last image's EOI (FF D9)."),
        codes: [.trailingBytesAfterLastImage],
        container: .jpeg)
}
