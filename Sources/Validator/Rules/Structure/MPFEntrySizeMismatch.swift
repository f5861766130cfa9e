import AuxData
import Container

/// Readers that copy an image by its declared size cut it short or take bytes of the next one; iOS 12 writes a wrong primary size, so this is a warning.
extension ParseIssueRule {
    static let mpfEntrySizeMismatch = ParseIssueRule(
        RuleInfo("structure.mpf.entry-size-mismatch", .warning, Citation(.mpf, "§5.2.3.3.2 individual image size"),
                 summary: "Each MP entry's size equals its image's length from SOI to EOI.",
                 fix: "Write each entry's size as the image's byte length. (iPhone X files get the primary's size wrong; readers locate images by offset.)"),
        codes: [.mpfEntrySizeMismatch],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
