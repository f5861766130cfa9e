import AuxData

/// In HEIC the float range is written twice: as the depth representation SEI's d_min/d_max
/// and as apdi FloatMinValue/FloatMaxValue. Apple writes the same values (XMP rounded to six
/// decimals); readers use one or the other, so they must agree.
struct SEIRangeMismatch: Rule {
    let info = RuleInfo(
        "dictionary.sei.range-mismatch", .warning,
        Citation(.hevc, "Annex F.14.2.9 depth_representation_info d_min/d_max; apdi FloatMinValue/FloatMaxValue"),
        summary: "The depth SEI's d_min/d_max equal the XMP FloatMinValue/FloatMaxValue.",
        fix: "Write the same range into the auxC SEI and the item's XMP.")

    /// XMP carries six decimals of the value, so agreement is to 1e-5 relative plus 1e-6.
    static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 + 1e-5 * max(abs(a), abs(b))
    }

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { $0.representation != nil && ($0.valueRange.floatMin != nil || $0.valueRange.floatMax != nil) }
        guard !maps.isEmpty else { return .notApplicable }
        var out: [Finding] = []
        for a in maps {
            guard let r = a.representation else { continue }
            for (name, sei, xmp) in [("d_min", r.dMin, a.valueRange.floatMin), ("d_max", r.dMax, a.valueRange.floatMax)] {
                guard let s = sei, let x = xmp, !Self.agree(s, x) else { continue }
                out.append(info.finding(a.location.offset, a.location.path,
                                        "image \(a.index): SEI \(name) \(s) but XMP says \(x)"))
            }
        }
        return .from(out)
    }
}
