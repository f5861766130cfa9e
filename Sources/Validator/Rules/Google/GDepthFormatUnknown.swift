import AuxData

/// GDepth defines exactly two encodings; any other Format leaves the value mapping undefined.
struct GDepthFormatUnknown: Rule {
    let info = RuleInfo(
        .googleGDepthFormatUnknown, .error,
        Citation(.gdepth, "reference: GDepth:Format is RangeInverse or RangeLinear"),
        summary: "GDepth:Format is RangeInverse or RangeLinear.",
        fix: "Write GDepth:Format as RangeInverse (recommended) or RangeLinear.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let g = photo.gdepth, let f = g.format else { return .notApplicable }
        guard f.rawValue != "RangeInverse" && f.rawValue != "RangeLinear" else { return .passed }
        let at = photo.auxImages.first { $0.isGDepth }?.location
        return .failed([info.finding(at?.offset, at?.path ?? "APP1/XMP", "GDepth:Format is '\(f.rawValue)'")])
    }
}

extension RuleID {
    /// `google.gdepth.format-unknown`, checked by this file's rule.
    package static let googleGDepthFormatUnknown = RuleID(rawValue: "google.gdepth.format-unknown")
}
