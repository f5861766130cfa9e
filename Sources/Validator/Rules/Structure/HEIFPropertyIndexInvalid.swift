import AuxData
import Container

/// A property index past ipco gives the item a property that does not exist; readers drop or misread it.
extension ParseIssueRule {
    static let heifPropertyIndexInvalid = ParseIssueRule(
        RuleInfo("structure.heif.ipma-index-out-of-range", .error, Citation(.heif, "§9.3.2 ipma (property_index is 1-based into ipco)"),
                 summary: "ipma property indices point inside ipco, an essential association is not index 0, and each item has one ipma entry.",
                 fix: "Rewrite ipma so every index names an existing ipco property."),
        codes: [.ipmaIndexOutOfRange, .ipmaEssentialIndexZero, .ipmaDuplicateItemID],
        container: .heif)
}
