import AuxData

/// A depth or disparity map whose every sample is equal says every point of the scene is at one
/// distance: it carries no depth, and effects built on it (portrait blur, refocus) do nothing
/// or everything. Usually a writer that filled the buffer and never wrote the map. A warning:
/// a flat map is useless, not malformed.
struct MapFlat: PixelRule {
    let info = RuleInfo(
        .pixelsMapFlat, .warning,
        Citation(.appleDepth, "AVDepthData depthDataMap: a per-pixel map of the scene's depth or disparity"),
        summary: "A depth or disparity map holds more than one value (check --pixels).",
        fix: "Write the map the camera or the depth estimator produced, not a constant buffer.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome {
        overSamples(photo, pixels, where: { $0.kind.isDepthLike }) { aux, d in
            guard d.counts.sampleCount > 1, d.counts.isFlat, let v = d.counts.minSample else { return [] }
            return ["\(aux.named): all \(d.counts.sampleCount) samples are \(v) (\(d.layout.width)×\(d.layout.height))"]
        }
    }
}

extension RuleID {
    /// `pixels.map.flat`, checked by this file's rule.
    package static let pixelsMapFlat = RuleID(rawValue: "pixels.map.flat")
}
