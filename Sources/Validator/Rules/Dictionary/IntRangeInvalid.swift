import AuxData

/// The stored integers map linearly onto the float range (Apple's apdi IntMinValue/IntMaxValue and FloatMinValue/FloatMaxValue); with
/// IntMin ≥ IntMax the mapping divides by zero or runs backwards, and bounds outside the
/// coded bit depth name values the image cannot hold.
struct IntRangeInvalid: Rule {
    let info = RuleInfo(
        "dictionary.int-range.invalid", .error,
        Citation(.appleDepth, "Creating auxiliary depth data manually: apdi IntMinValue/IntMaxValue"),
        summary: "A depth or disparity map declares IntMinValue < IntMaxValue within its bit depth.",
        fix: "Write apdi:IntMinValue 0 and apdi:IntMaxValue 255 for an 8-bit map.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.describedDepthMaps
        guard !maps.isEmpty else { return .notApplicable }
        var out: [Finding] = []
        for a in maps {
            let at = a.descriptionLocation
            guard let lo = a.range.intMin, let hi = a.range.intMax else {
                out.append(info.finding(at.offset, at.path, "image \(a.index) has no apdi:IntMinValue/IntMaxValue"))
                continue
            }
            if lo >= hi {
                out.append(info.finding(at.offset, at.path, "image \(a.index): IntMinValue \(lo) is not below IntMaxValue \(hi)"))
            }
            let top = (1 << min(max(a.bitDepth ?? 8, 1), 32)) - 1
            if lo < 0 || hi > top {
                out.append(info.finding(at.offset, at.path,
                                        "image \(a.index): integer range \(lo)...\(hi) is outside 0...\(top) of its \(a.bitDepth ?? 8)-bit samples"))
            }
        }
        return .from(out)
    }
}
