import AuxData
import Container

/// Readers interpret items through these boxes; an unknown version or a duplicated box leaves the item graph ambiguous.
extension ParseIssueRule {
    static let heifBoxInvalid = ParseIssueRule(
        RuleInfo("structure.heif.box-invalid", .error, Citation(.heif, "§9 (meta box structure), ISO/IEC 14496-12 §8.11"),
                 summary: "meta and its child boxes have known versions, appear once, and their counts and fields are consistent.",
                 fix: "Rewrite the named box; its version, count or field sizes do not match its contents."),
        codes: [.unsupportedVersion, .duplicateBox, .requiredBoxMissing, .iinfEntryCountMismatch, .itemDuplicateID, .ilocBadFieldSize, .ilocUnsupportedConstructionMethod, .ilocIdatMissing, .irefEmpty, .spsInvalid],
        container: .heif)
}
