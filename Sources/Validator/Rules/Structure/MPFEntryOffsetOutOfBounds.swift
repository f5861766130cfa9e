import AuxData
import Container

/// Readers locate secondary images only by these offsets; one that misses an SOI loses the depth map.
extension ParseIssueRule {
    static let mpfEntryOffsetOutOfBounds = ParseIssueRule(
        RuleInfo("structure.mpf.entry-offset-out-of-bounds", .error, Citation(.mpf, "§5.2.3.3.3 individual image data offset (from the MP header)"),
                 summary: "Every MP entry's offset, counted from the MPF TIFF header, lands on an SOI (FF D8) inside the file.",
                 fix: "Recompute each entry's offset as (image SOI position − position of the MPF \"MM\"/\"II\" header)."),
        codes: [.mpfOffsetOutOfBounds, .mpfEntryNotSOI, .mpfDuplicateOffset, .mpfImageUnreadable],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
