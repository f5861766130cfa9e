import AuxData
import Container

/// Without auxC a reader cannot tell depth from alpha or a matte; libheif refuses the file.
extension ParseIssueRule {
    static let heifAuxCMissing = ParseIssueRule(
        RuleInfo("structure.heif.auxc-missing", .error, Citation(.heif, "§6.5.8 auxC (an auxiliary image shall have auxC)"),
                 summary: "Every auxiliary image item (auxl source) has an auxC property naming its type.",
                 fix: "Associate an auxC property with the aux type URN with each aux item."),
        codes: [.auxCMissing],
        container: .heif)
}
