import AuxData
import Container

/// An auxl to a missing item leaves an aux image without its master (libheif refuses such files).
extension ParseIssueRule {
    static let heifReferenceMissingItem = ParseIssueRule(
        RuleInfo("structure.heif.iref-missing-item", .error, Citation(.isobmff, "§8.11.12 iref (references name existing items)"),
                 summary: "Item references and property associations name items that exist.",
                 fix: "Remove references to items that are not declared in iinf, or add the items."),
        codes: [.irefMissingItem, .ipmaMissingItem],
        container: .heif)
}
