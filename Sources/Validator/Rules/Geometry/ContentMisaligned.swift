import AuxData
import Container

/// A depth, disparity or confidence map, a portrait or semantic matte, or a gain map describes
/// the picture of its photo point for point: Apple turns the depth map with its image
/// (AVDepthData `depthDataByApplyingExifOrientation(_:)`), and Google's Dynamic Depth and
/// Ultra HDR formats have the map cover the primary image. A map whose headers are right and
/// whose picture is turned, mirrored or left from another edit gives wrong blur, wrong
/// cut-outs and wrong HDR where it lands. No specification says the pixels shall match, so
/// it is a warning. Judged under `check --pixels` from the map's edges against the photo's
/// (`ContentAlignment`): only a turn, mirror, move of up to 15 % or crop to its middle 80 or
/// 90 % that fits clearly better than the file's placement is reported; a map or photo with too little structure is not judged.
struct ContentMisaligned: ContentRule {
    let info = RuleInfo(
        .geometryContentMisaligned, .warning,
        Citation(.appleDepth, "AVDepthData depthDataByApplyingExifOrientation(_:): the map is turned with the image it belongs to"),
        summary: "A map's picture lines up with its photo's as the file places it: no turn, mirror, move or crop of it fits clearly better (check --pixels).",
        fix: "Turn, mirror, move or crop the map as the message says, or embed the map made for this photo.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], picture: Result<AlignmentGrid, PhotoThumbnail.Failure>,
                  _ options: CheckOptions) -> RuleOutcome {
        ContentJudgement.outcome(photo, pixels: pixels, picture: picture) { j -> RuleFinding? in
            let a = j.alignment
            let how: String
            switch a.verdict {
            case .misaligned(let o): how = ContentAlignment.describe(o)
            case .shifted(let x, let y): how = ContentAlignment.describeShift(x: x, y: y)
            case .cropped(let p): how = ContentAlignment.describeCrop(p) + ", as if the photo was cropped after the map was made"
            case .aligned, .unrelated, .notApplicable: return nil
            }
            return info.finding(j.aux.location.offset, j.aux.location.path,
                                "\(j.aux.named) fits the photo when \(how) (edge agreement \(ContentJudgement.score(a.foundScore ?? 0)), as placed \(ContentJudgement.score(a.scores[0] ?? 0)))")
        }
    }
}

extension RuleID {
    /// `geometry.content.misaligned`, checked by this file's rule.
    package static let geometryContentMisaligned = RuleID(rawValue: "geometry.content.misaligned")
}
