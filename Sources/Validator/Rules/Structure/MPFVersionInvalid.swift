import AuxData
import Container

/// MPF readers check the version before trusting the entry layout, and size the index from NumberOfImages.
extension ParseIssueRule {
    static let mpfVersionInvalid = ParseIssueRule(
        RuleInfo("structure.mpf.version", .error, Citation(.mpf, "§5.2.2.1 MPFVersion, §5.2.2.2 NumberOfImages"),
                 summary: "The MP Index IFD has MPFVersion \"0100\" and a NumberOfImages tag.",
                 fix: "Write MPFVersion (B000) as the four bytes \"0100\" and NumberOfImages (B001)."),
        codes: [.mpfBadVersion, .mpfMissingNumberOfImages],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
