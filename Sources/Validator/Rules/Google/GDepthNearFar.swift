import AuxData

/// Both range formats divide by (far − near); the depth range must be increasing and, for
/// RangeInverse, above zero.
struct GDepthNearFar: Rule {
    let info = RuleInfo(
        .googleGDepthNearNotBelowFar, .error,
        Citation(.gdepth, "encoding: RangeLinear/RangeInverse with near < far"),
        summary: "GDepth Near is above zero (RangeInverse) and below Far, both finite.",
        fix: "Write the map's real nearest and farthest distances in GDepth:Near and GDepth:Far.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let g = photo.gdepth, let near = g.near, let far = g.far else { return .notApplicable }
        let at = photo.auxImages.first { $0.isGDepth }?.location
        var out: [String] = []
        if !near.isFinite || !far.isFinite { out.append("Near \(NumberText.short(near)) / Far \(NumberText.short(far)) are not finite") }
        else if near >= far { out.append("Near \(NumberText.short(near)) is not below Far \(NumberText.short(far))") }
        if g.format?.rawValue == "RangeInverse", near <= 0 { out.append("RangeInverse needs Near above zero, got \(near)") }
        return .from(out.map { info.finding(at?.offset, at?.path ?? "APP1/XMP", $0) })
    }
}

extension RuleID {
    /// `google.gdepth.near-not-below-far`, checked by this file's rule.
    package static let googleGDepthNearNotBelowFar = RuleID(rawValue: "google.gdepth.near-not-below-far")
}
