import AuxData
import Container

/// The float range is what the 8-bit map stands for. It must be finite and increasing, and a
/// disparity (1/m) minimum must be above zero, since depth = 1/disparity (AVDepthData).
struct FloatRangeInvalid: Rule {
    let info = RuleInfo(
        .dictionaryFloatRangeInvalid, .error,
        Citation(.appleDepth, "AVDepthData (disparity in 1/m, depth = 1/disparity); Creating auxiliary depth data manually: apdi FloatMinValue/FloatMaxValue"),
        summary: "A depth or disparity map declares finite FloatMinValue < FloatMaxValue, with FloatMinValue > 0 for disparity.",
        fix: "Write the map's real float minimum and maximum (for disparity, in 1/m, above zero).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        overDescribedDepthMaps(photo, at: "FloatMinValue") { a in
            guard let lo = a.valueRange.floatMin, let hi = a.valueRange.floatMax else {
                return ["image \(a.index) has no apdi:FloatMinValue/FloatMaxValue"]
            }
            guard lo.isFinite, hi.isFinite else { return ["image \(a.index): float range \(lo)...\(hi) is not finite"] }
            var out: [String] = []
            if lo >= hi { out.append("image \(a.index): FloatMinValue \(NumberText.short(lo)) is not below FloatMaxValue \(NumberText.short(hi))") }
            if a.kind == .disparity && lo <= 0 { out.append("disparity image \(a.index): FloatMinValue \(NumberText.short(lo)) is not above zero") }
            return out
        }
    }
}

extension RuleID {
    /// `dictionary.float-range.invalid`, checked by this file's rule.
    package static let dictionaryFloatRangeInvalid = RuleID(rawValue: "dictionary.float-range.invalid")
}
