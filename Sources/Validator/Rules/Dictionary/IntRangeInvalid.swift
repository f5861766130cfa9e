import AuxData

/// The stored integers map linearly onto the float range (Apple's apdi IntMinValue/IntMaxValue and FloatMinValue/FloatMaxValue); with
/// IntMin ≥ IntMax the mapping divides by zero or runs backwards, and bounds outside the
/// coded bit depth name values the image cannot hold.
struct IntRangeInvalid: Rule {
    let info = RuleInfo(
        .dictionaryIntRangeInvalid, .error,
        Citation(.appleDepth, "Creating auxiliary depth data manually: apdi IntMinValue/IntMaxValue"),
        summary: "A depth or disparity map declares IntMinValue < IntMaxValue within its bit depth.",
        fix: "Write apdi:IntMinValue 0 and apdi:IntMaxValue 255 for an 8-bit map.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        overDescribedDepthMaps(photo, at: "IntMinValue") { a in
            guard let lo = a.valueRange.intMin, let hi = a.valueRange.intMax else {
                return ["image \(a.index) has no apdi:IntMinValue/IntMaxValue"]
            }
            var out: [String] = []
            if lo >= hi { out.append("image \(a.index): IntMinValue \(lo) is not below IntMaxValue \(hi)") }
            let top = (1 << min(max(a.coded.bitDepth ?? 8, 1), 32)) - 1
            if lo < 0 || hi > top {
                out.append("image \(a.index): integer range \(lo)...\(hi) is outside 0...\(top) of its \(a.coded.bitDepth ?? 8)-bit samples")
            }
            return out
        }
    }
}

extension RuleID {
    /// `dictionary.int-range.invalid`, checked by this file's rule.
    package static let dictionaryIntRangeInvalid = RuleID(rawValue: "dictionary.int-range.invalid")
}
