import AuxData
import Container

/// The float range is what the 8-bit map stands for. It must be finite and increasing, and a
/// disparity (1/m) minimum must be above zero, since depth = 1/disparity (AVDepthData).
struct FloatRangeInvalid: Rule {
    let info = RuleInfo(
        "dictionary.float-range.invalid", .error,
        Citation(.appleDepth, "AVDepthData (disparity in 1/m, depth = 1/disparity); Creating auxiliary depth data manually: apdi FloatMinValue/FloatMaxValue"),
        summary: "A depth or disparity map declares finite FloatMinValue < FloatMaxValue, with FloatMinValue > 0 for disparity.",
        fix: "Write the map's real float minimum and maximum (for disparity, in 1/m, above zero).")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.describedDepthMaps
        guard !maps.isEmpty else { return .notApplicable }
        var out: [Finding] = []
        for a in maps {
            let at = a.descriptionLocation
            guard let lo = a.range.floatMin, let hi = a.range.floatMax else {
                out.append(info.finding(at.offset, at.path, "image \(a.index) has no apdi:FloatMinValue/FloatMaxValue"))
                continue
            }
            if !lo.isFinite || !hi.isFinite {
                out.append(info.finding(at.offset, at.path, "image \(a.index): float range \(lo)...\(hi) is not finite"))
                continue
            }
            if lo >= hi {
                out.append(info.finding(at.offset, at.path, "image \(a.index): FloatMinValue \(lo) is not below FloatMaxValue \(hi)"))
            }
            if a.kind == .disparity && lo <= 0 {
                out.append(info.finding(at.offset, at.path, "disparity image \(a.index): FloatMinValue \(lo) is not above zero"))
            }
        }
        return .from(out)
    }
}
