import AuxData
import Container

/// One rule of the catalog: a stable description and a check over a read photo.
///
/// A check returns `.notApplicable` when the file has nothing the rule talks about (no MPF
/// index, no matte), `.passed` when it looked and found nothing, and `.failed` with every
/// finding otherwise: it never stops at the first.
package protocol Rule: Sendable {
    var info: RuleInfo { get }
    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome
    /// True for a rule that places its reader problems among its own findings, because their
    /// order carries meaning (MPF entries are reported entry by entry); the engine then
    /// leaves them to it. Every other rule gets its reader problems first, as they were met.
    var ordersItsReaderProblems: Bool { get }
    /// The reader problem codes (bytes the parsers could not read) this rule reports:
    /// `ReaderProblems` routes each code to the one rule that names it.
    var readerCodes: [ParseError.Code] { get }
}

extension RuleOutcome {
    /// `.passed` for no findings, `.failed` otherwise.
    package static func from(_ findings: [RuleFinding]) -> RuleOutcome {
        findings.isEmpty ? .passed : .failed(findings)
    }
}

extension Rule {
    package var ordersItsReaderProblems: Bool { false }
    package var readerCodes: [ParseError.Code] { [] }
}

/// A rule that judges decoded samples (`check --pixels`). The engine decodes every aux image
/// once and hands each pixel rule the summaries; without `--pixels` nothing is decoded and
/// the rule is not applicable.
package protocol PixelRule: Rule {
    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome
}

/// A rule that judges a decoded map against the decoded photo (`check --pixels`): the engine
/// decodes the photo once, small and in its display orientation, and only when a map has a
/// picture to compare (`photo` is why not, when it does not decode).
package protocol ContentRule: PixelRule {
    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], picture: Result<AlignmentGrid, PhotoThumbnail.Failure>,
                  _ options: CheckOptions) -> RuleOutcome
}

extension ContentRule {
    /// Without the photo's picture nothing is compared.
    package func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome { .notApplicable }
}

extension PixelRule {
    package func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome { .notApplicable }
}
