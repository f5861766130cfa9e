import AuxData
import Container

/// When ispe and the coded size differ, readers that trust either one get the other wrong.
extension ParseIssueRule {
    static let heifCodedSizeMismatch = ParseIssueRule(
        RuleInfo("structure.heif.coded-size-mismatch", .error, Citation(.heif, "§6.5.3.1 ispe; ITU-T H.265 §7.4.3.2.1 conformance window"),
                 summary: "An HEVC item's ispe equals the picture size its SPS codes (after the conformance window).",
                 fix: "Write ispe as the decoded size, or fix the SPS conformance window."),
        codes: [.hvcCSizeMismatch],
        container: .heif)
}
