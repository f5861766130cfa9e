import AuxData
import Container

/// Two auxC types make the item's kind ambiguous.
extension ParseIssueRule {
    static let heifAuxCDuplicate = ParseIssueRule(
        RuleInfo("structure.heif.auxc-duplicate", .error, Citation(.heif, "§6.5.8 auxC (one per auxiliary image)"),
                 summary: "An aux item has exactly one auxC property.",
                 fix: "Remove the extra auxC association from the item."),
        codes: [.auxCDuplicate],
        container: .heif)
}
