import AuxData
import Container

/// Without a primary item there is no photo for the aux images to belong to.
extension ParseIssueRule {
    static let heifPrimaryMissing = ParseIssueRule(
        RuleInfo("structure.heif.primary-missing", .error, Citation(.heif, "§9.3 (pitm: the primary item shall exist)"),
                 summary: "The primary item named by pitm exists.",
                 fix: "Point pitm at the item ID of the main image."),
        codes: [.pitmMissingItem],
        container: .heif)
}
