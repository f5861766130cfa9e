import AuxData
import Container

/// The MP entry array is NumberOfImages × 16 bytes; a mismatch hides images or reads past the array.
extension ParseIssueRule {
    static let mpfImageCountMismatch = ParseIssueRule(
        RuleInfo("structure.mpf.image-count-mismatch", .error, Citation(.mpf, "§5.2.2.2 NumberOfImages, §5.2.2.3 MPEntry"),
                 summary: "NumberOfImages equals the number of MP entries.",
                 fix: "Make NumberOfImages (B001) match the MPEntry (B002) count of 16-byte entries."),
        codes: [.mpfCountMismatch],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
