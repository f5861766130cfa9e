import AuxData

/// Dynamic Depth 1.0 §DepthMap: both range formats divide by far − near, so a depth map's
/// `Near` must be below its `Far`, both finite; RangeInverse divides by the depth too, so
/// `Near` is above zero.
struct DynamicDepthNearFar: Rule {
    let info = RuleInfo(
        .googleDynamicDepthNearNotBelowFar, .error,
        Citation(.dynamicDepth, "§DepthMap: Near, Far; RangeLinear and RangeInverse"),
        summary: "A Dynamic Depth map's Near is below its Far, both finite, and above zero for RangeInverse.",
        fix: "Write the map's real nearest and farthest depths in DepthMap:Near and DepthMap:Far.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let dd = photo.dynamicDepth else { return .notApplicable }
        let maps = dd.cameras.enumerated().compactMap { c, camera in camera.depthMap.map { (c, $0) } }
        guard !maps.isEmpty else { return .notApplicable }
        var out: [RuleFinding] = []
        for (c, m) in maps {
            guard let near = m.near, let far = m.far else { continue }
            let path = "APP1/XMP/Device:Cameras[\(c + 1)]/Camera:DepthMap"
            if !near.isFinite || !far.isFinite {
                out.append(info.finding(nil, path, "Near \(NumberText.short(near)) / Far \(NumberText.short(far)) are not finite"))
            } else if near >= far {
                out.append(info.finding(nil, path, "Near \(NumberText.short(near)) is not below Far \(NumberText.short(far))"))
            }
            if m.format == .rangeInverse, near <= 0 {
                out.append(info.finding(nil, path, "RangeInverse needs Near above zero, got \(NumberText.short(near))"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.dynamic-depth.near-not-below-far`, checked by this file's rule.
    package static let googleDynamicDepthNearNotBelowFar = RuleID(rawValue: "google.dynamic-depth.near-not-below-far")
}
