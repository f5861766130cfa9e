import AuxData

/// GDepth:Confidence holds one confidence value per depth sample; a confidence map of another
/// size pairs values with the wrong samples. Google Depthmap metadata reference
/// (GDepth:Confidence, GDepth:ConfidenceMime: the confidence map of the depth map).
struct GDepthConfidenceSize: Rule {
    let info = RuleInfo(
        .googleGDepthConfidenceSize, .warning,
        Citation(.gdepth, "reference: GDepth:Confidence, the confidence map of the depth map"),
        summary: "A GDepth confidence map has the depth map's width and height.",
        fix: "Store the confidence map at the depth map's size.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let g = photo.gdepth, let data = g.confidence, let depth = photo.auxImages.first(where: { $0.isGDepth }),
              let w = depth.width, let h = depth.height else { return .notApplicable }
        let c = CodedImage(embedded: data, location: depth.location, codec: .declared(g.confidenceMime ?? ""))
        guard let cw = c.width, let ch = c.height else {
            return .from([info.finding(depth.location.offset, depth.location.path,
                                       "GDepth:Confidence (\(data.count) bytes) is neither a PNG nor a JPEG whose size can be read")])
        }
        guard cw != w || ch != h else { return .passed }
        return .from([info.finding(depth.location.offset, depth.location.path,
                                   "confidence map is \(cw)×\(ch), depth map \(w)×\(h)")])
    }
}

extension RuleID {
    /// `google.gdepth.confidence-size`, checked by this file's rule.
    package static let googleGDepthConfidenceSize = RuleID(rawValue: "google.gdepth.confidence-size")
}
