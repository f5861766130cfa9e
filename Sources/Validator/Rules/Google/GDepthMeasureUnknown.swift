import AuxData

/// GDepth:Units says what Near and Far are measured in and GDepth:MeasureType along which line;
/// with another value a reader cannot turn the map into distances. Google Depthmap metadata
/// reference: Units is `m` (the default) or `mm`, MeasureType `OpticalAxis` (the default) or
/// `OpticRay`.
struct GDepthMeasureUnknown: Rule {
    static let units: Set<String> = ["m", "mm"]
    static let measureTypes: Set<String> = ["OpticalAxis", "OpticRay"]

    let info = RuleInfo(
        .googleGDepthMeasureUnknown, .error,
        Citation(.gdepth, "reference: GDepth:Units m or mm, GDepth:MeasureType OpticalAxis or OpticRay"),
        summary: "GDepth:Units, when present, is m or mm, and GDepth:MeasureType OpticalAxis or OpticRay.",
        fix: "Write GDepth:Units as m or mm and GDepth:MeasureType as OpticalAxis or OpticRay, or leave them out for the defaults.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let g = photo.gdepth, g.units != nil || g.measureType != nil else { return .notApplicable }
        let at = photo.auxImages.first { $0.isGDepth }?.location
        var out: [RuleFinding] = []
        if let u = g.units, !Self.units.contains(u) {
            out.append(info.finding(at?.offset, at?.path ?? "APP1/XMP", "GDepth:Units is '\(u)'"))
        }
        if let m = g.measureType, !Self.measureTypes.contains(m) {
            out.append(info.finding(at?.offset, at?.path ?? "APP1/XMP", "GDepth:MeasureType is '\(m)'"))
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.gdepth.measure-unknown`, checked by this file's rule.
    package static let googleGDepthMeasureUnknown = RuleID(rawValue: "google.gdepth.measure-unknown")
}
