import AuxData

/// GDepth requires Format, Near, Far, Mime and Data; without any one of them the map cannot
/// be turned back into distances.
struct GDepthRequiredFields: Rule {
    let info = RuleInfo(
        .googleGDepthRequiredMissing, .error,
        Citation(.gdepth, "reference: GDepth:Format, Near, Far, Mime, Data are required"),
        summary: "A GDepth description has Format, Near, Far, Mime and Data.",
        fix: "Write every required GDepth property into the primary's XMP (Data in Extended XMP).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let g = photo.gdepth else { return .notApplicable }
        var missing: [String] = []
        if g.format == nil { missing.append("Format") }
        if g.near == nil { missing.append("Near") }
        if g.far == nil { missing.append("Far") }
        if g.mime == nil { missing.append("Mime") }
        if g.data?.isEmpty ?? true { missing.append("Data") }
        guard !missing.isEmpty else { return .passed }
        let at = photo.auxImages.first { $0.isGDepth }?.location
        return .failed([info.finding(at?.offset, at?.path ?? "APP1/XMP", "GDepth lacks " + missing.joined(separator: ", "))])
    }
}

extension RuleID {
    /// `google.gdepth.required-missing`, checked by this file's rule.
    package static let googleGDepthRequiredMissing = RuleID(rawValue: "google.gdepth.required-missing")
}
