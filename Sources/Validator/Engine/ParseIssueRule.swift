import AuxData
import Container

/// A structure rule whose findings are the reader's own problems: the container parsers
/// collect every `ParseError` they can step over, and each code belongs to exactly one rule,
/// so every problem a parser meets reaches the report under a stable id with a citation.
struct ParseIssueRule: Rule {
    let info: RuleInfo
    /// The parse error codes this rule owns.
    let codes: Set<ParseError.Code>
    /// The container the rule speaks about; other containers make it not applicable.
    let container: ContainerKind?
    /// Whether the file has the structure the rule is about; a matching issue makes the rule
    /// fail even when this says no (a broken MPF index may not count as present).
    let applies: @Sendable (DepthPhoto) -> Bool

    init(_ info: RuleInfo, codes: [ParseError.Code], container: ContainerKind?,
         applies: @escaping @Sendable (DepthPhoto) -> Bool = { _ in true }) {
        self.info = info
        self.codes = Set(codes)
        self.container = container
        self.applies = applies
    }

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        if let c = container, c != photo.container { return .notApplicable }
        let findings = photo.issues.filter { codes.contains($0.code) }.map { e in
            info.finding(e.offset, e.path, e.detail.isEmpty ? e.code.rawValue : e.detail)
        }
        if findings.isEmpty && !applies(photo) { return .notApplicable }
        return .from(findings)
    }
}

/// Problems whose code no rule owns still reach the report, under one catch-all rule, so a
/// parser change can never make a problem silently disappear.
struct UnclaimedIssues: Rule {
    let info = RuleInfo(
        "structure.file.malformed", .error,
        Citation(.isobmff, "§4.2 box sizes; ITU-T T.81 Annex B.1.1.4 marker segment lengths; CIPA DC-008 §4.6.2 IFD structure"),
        summary: "The file's structures are well-formed (problems not covered by a more specific rule).",
        fix: "Re-export the file; the finding names the structure and offset that could not be read.")
    let claimed: @Sendable () -> Set<ParseError.Code>

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let owned = claimed()
        return .from(photo.issues.filter { !owned.contains($0.code) }.map { e in
            info.finding(e.offset, e.path, e.description)
        })
    }
}
