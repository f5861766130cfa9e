import AuxData
import Container

/// With two MP indexes a reader cannot know which offsets to trust.
extension ParseIssueRule {
    static let mpfDuplicateIndex = ParseIssueRule(
        RuleInfo("structure.mpf.duplicate-index", .error, Citation(.mpf, "§5.2 (one MP Index IFD in the first image's APP2)"),
                 summary: "The primary image has exactly one APP2 MPF segment.",
                 fix: "Remove the extra APP2 \"MPF\" segments."),
        codes: [.mpfDuplicateSegment],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
