import AuxData
import Container

/// Each map a content rule judges, with its alignment against the photo: depth, disparity and
/// confidence maps, mattes and gain maps whose small picture was kept while decoding, brought
/// into the display frame the file places them in (`MapOrientation.steps`). Maps with too
/// little structure are left out; `judged` says whether any map was left in.
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

    /// A score as findings print it: two decimals, `0.88`, `-0.12`.
    static func score(_ v: Double) -> String {
        let hundredths = Int((max(-1, min(1, v)) * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        return "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
    }
}
