import AuxData
import Container

/// Each map a content rule judges, with its alignment against the photo: depth, disparity and
/// confidence maps, mattes and gain maps whose small picture was kept while decoding, brought
/// into the display frame the file places them in (`MapOrientation.steps`). Maps with too
/// little structure to judge are left out.
struct ContentJudgement {
    let aux: ParsedAuxImage
    let alignment: ContentAlignment

    static func all(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], luma: AlignmentGrid) -> [ContentJudgement] {
        let byIndex = Dictionary(pixels.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        return photo.auxImages.compactMap { aux -> ContentJudgement? in
            guard ContentAlignment.judgesKind(aux.kind), let preview = byIndex[aux.index]?.decoded?.preview else { return nil }
            let placed = MapOrientation.steps(for: aux, in: photo).reduce(preview) { $0.oriented($1) }
            let a = ContentAlignment.judge(photo: luma, map: placed)
            if case .notApplicable = a.verdict { return nil }
            return ContentJudgement(aux: aux, alignment: a)
        }
    }

    /// A content rule's outcome: not applicable without the photo's picture or a map to judge,
    /// else `finding` of each judged map that has one.
    static func outcome(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], picture: Result<AlignmentGrid, PhotoThumbnail.Failure>,
                        _ finding: (ContentJudgement) -> RuleFinding?) -> RuleOutcome {
        guard case .success(let luma) = picture else { return .notApplicable }
        let judged = all(photo, pixels: pixels, luma: luma)
        return judged.isEmpty ? .notApplicable : .from(judged.compactMap(finding))
    }

    /// A score as findings print it: two decimals, `0.88`, `-0.12`.
    static func score(_ v: Double) -> String {
        let hundredths = Int((max(-1, min(1, v)) * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        return "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
    }
}
