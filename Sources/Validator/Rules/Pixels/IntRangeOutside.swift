import AuxData

/// apdi IntMinValue…IntMaxValue is the range of the stored integers that maps linearly onto
/// FloatMinValue…FloatMaxValue. A sample outside it maps outside the float range the file
/// declares, which readers either clamp or extrapolate; the map and its description disagree.
/// A warning: Apple describes the range, it does not word it as a requirement.
struct IntRangeOutside: PixelRule {
    let info = RuleInfo(
        .pixelsIntRangeOutside, .warning,
        Citation(.appleDepth, "Creating auxiliary depth data manually: the stored integers span apdi IntMinValue to IntMaxValue"),
        summary: "Every stored sample of a depth or disparity map lies within its apdi IntMinValue…IntMaxValue (check --pixels).",
        fix: "Write IntMinValue and IntMaxValue as the smallest and largest stored sample, or rescale the map into the range.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome {
        overSamples(photo, pixels, where: { a in
            // IntMin ≥ IntMax is dictionary.int-range.invalid's: there is no range to be inside.
            guard a.kind.isDepthLike, let lo = a.valueRange.intMin, let hi = a.valueRange.intMax else { return false }
            return lo < hi
        }) { aux, d in
            guard let lo = aux.valueRange.intMin, let hi = aux.valueRange.intMax,
                  let smallest = d.counts.minSample, let largest = d.counts.maxSample, smallest < lo || largest > hi else { return [] }
            let outside = d.counts.counts.enumerated().reduce(0) { n, e in e.offset < lo || e.offset > hi ? n + e.element : n }
            return ["\(aux.named): \(outside) of \(d.counts.sampleCount) samples lie outside IntMinValue…IntMaxValue \(lo)…\(hi) (stored \(smallest)…\(largest))"]
        }
    }
}

extension RuleID {
    /// `pixels.int-range.outside`, checked by this file's rule.
    package static let pixelsIntRangeOutside = RuleID(rawValue: "pixels.int-range.outside")
}
