import AuxData
import Container

/// A rule whose only findings are reader problems: bytes the parsers could not read. It has
/// nothing of its own to judge; `ReaderProblems` routes the problems to it, and it says
/// whether the file has the structure it speaks about when there are none.
struct ReaderProblemRule: Rule {
    let info: RuleInfo
    /// The reader problem codes it reports.
    let readerCodes: [ParseError.Code]
    /// The container the rule speaks about; other containers make it not applicable.
    let container: ContainerFormat?
    /// Whether the file has the structure the rule is about (an MPF index, Extended XMP).
    let applies: @Sendable (ParsedPhoto) -> Bool

    init(_ info: RuleInfo, codes: [ParseError.Code], container: ContainerFormat?,
         applies: @escaping @Sendable (ParsedPhoto) -> Bool = { _ in true }) {
        self.info = info
        readerCodes = codes
        self.container = container
        self.applies = applies
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        if let c = container, c != photo.container { return .notApplicable }
        return applies(photo) ? .passed : .notApplicable
    }
}
