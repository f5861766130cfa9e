import AuxData
import Container

/// A map stored with a photo describes that photo (Google Dynamic Depth's Depth Photo profile:
/// the depth map correlates with the primary image; Apple's AVDepthData is captured with its
/// image). A map of another photo — another frame of a burst, a template
/// left in an export, a map swapped in by an edit — has right headers and fits nowhere: no
/// turn, mirror or move of it puts its edges on the photo's (`ContentAlignment`: its score
/// falls little when moved a few cells, as placed and wherever it scores best). No
/// specification says the pixels shall match, so it is a warning; a map or photo with too
/// little structure is not judged.
struct ContentUnrelated: ContentRule {
    let info = RuleInfo(
        .geometryContentUnrelated, .warning,
        Citation(.dynamicDepth, "Profile: Depth Photo, Image and depth map correlation (the depth map is of the primary image)"),
        summary: "A map's picture is of its photo: some placement of it puts its edges on the photo's (check --pixels).",
        fix: "Embed the map made for this photo, taken from its original.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], picture: Result<AlignmentGrid, PhotoThumbnail.Failure>,
                  _ options: CheckOptions) -> RuleOutcome {
        ContentJudgement.outcome(photo, pixels: pixels, picture: picture) { j -> RuleFinding? in
            guard case .unrelated = j.alignment.verdict else { return nil }
            let a = j.alignment
            let best = ContentJudgement.score(a.bestScore ?? 0), loss = ContentJudgement.score(a.peak ?? 0)
            let least = ContentJudgement.score(ContentAlignment.minimumPeak)
            return info.finding(j.aux.location.offset, j.aux.location.path,
                                "\(j.aux.named) fits the photo in no placement tried: at its best (edge agreement \(best)) it scores about the same moved \(ContentAlignment.peakStep) cells (\(loss) less), where a map of the photo loses \(least) or more; it may be another photo's map")
        }
    }
}

extension RuleID {
    /// `geometry.content.unrelated`, checked by this file's rule.
    package static let geometryContentUnrelated = RuleID(rawValue: "geometry.content.unrelated")
}
