import AuxData

/// Depth is a distance in metres and disparity its inverse in 1/m: a negative value, NaN or an
/// infinity coming out of the file's own mapping (apdi, the depth representation SEI, GDepth)
/// is no distance. Each stored sample that occurs is mapped once and judged.
struct DepthValueInvalid: PixelRule {
    let info = RuleInfo(
        .pixelsDepthValueInvalid, .error,
        Citation(.appleDepth, "AVDepthData: depth values are distances in metres, disparity values inverse distances in 1/m"),
        summary: "Every value of a depth or disparity map, after its mapping, is finite and not negative (check --pixels).",
        fix: "Fix the value mapping (apdi FloatMinValue/FloatMaxValue, the SEI's d_min/d_max or ZNear/ZFar) so every sample maps to a distance.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome {
        overSamples(photo, pixels, where: { $0.kind.isDepthLike }) { aux, d in
            // A map without a range is only normalised 0…1: there is no distance to judge.
            guard d.mapping.unit != .normalized else { return [] }
            var bad = 0, first: (sample: Int, value: Double)?
            for (v, n) in d.counts.counts.enumerated() where n > 0 {
                let f = d.mapping.value(ofSample: v)
                guard !(f.isFinite && f >= 0) else { continue }
                bad += n
                if first == nil { first = (v, f) }
            }
            guard let first else { return [] }
            return ["\(aux.named): \(bad) of \(d.counts.sampleCount) samples map to a negative or non-finite \(d.mapping.unit.rawValue) "
                    + "(sample \(first.sample) → \(first.value), from \(d.mapping.source))"]
        }
    }
}

extension RuleID {
    /// `pixels.depth.value-invalid`, checked by this file's rule.
    package static let pixelsDepthValueInvalid = RuleID(rawValue: "pixels.depth.value-invalid")
}
