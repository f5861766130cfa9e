import AuxData
import Container

/// The first individual image is the file's own SOI, whose offset the specification fixes at 0.
extension ParseIssueRule {
    static let mpfFirstEntryOffset = ParseIssueRule(
        RuleInfo("structure.mpf.first-entry-offset", .error, Citation(.mpf, "§5.2.3.3.3 individual image data offset"),
                 summary: "The first MP entry (the primary image) has data offset 0.",
                 fix: "Write 0 as the first entry's offset; the primary starts at the file's SOI."),
        codes: [.mpfFirstOffsetNotZero],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
