import AuxData

/// Dynamic Depth 1.0 §DepthMap: `ConfidenceURI` names the confidence map of the depth map, one
/// value per depth sample; a map of another size pairs values with the wrong samples. (The
/// depth map's aspect against the photo is `geometry.aux.aspect-mismatch`'s.)
struct DynamicDepthConfidenceSize: Rule {
    let info = RuleInfo(
        .googleDynamicDepthConfidenceSize, .warning,
        Citation(.dynamicDepth, "§DepthMap: ConfidenceURI, the confidence map of the depth map"),
        summary: "A Dynamic Depth confidence map has its depth map's width and height.",
        fix: "Store the confidence map at the depth map's size.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter(\.isDynamicDepth)
        let confidences = maps.filter { $0.dynamicDepth?.role == .confidence }
        guard !confidences.isEmpty else { return .notApplicable }
        var out: [RuleFinding] = []
        for c in confidences {
            guard let camera = c.dynamicDepth?.camera,
                  let depth = maps.first(where: { $0.dynamicDepth?.role == .depth && $0.dynamicDepth?.camera == camera }),
                  let dw = depth.width, let dh = depth.height, let cw = c.width, let ch = c.height else { continue }
            if dw != cw || dh != ch {
                out.append(info.finding(c.location.offset, c.location.path,
                                        "the confidence map is \(cw)×\(ch), its depth map \(dw)×\(dh)"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.dynamic-depth.confidence-size`, checked by this file's rule.
    package static let googleDynamicDepthConfidenceSize = RuleID(rawValue: "google.dynamic-depth.confidence-size")
}
