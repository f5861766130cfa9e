import Container
import AuxData

/// In HEIC the float range is written twice: in the depth representation SEI and as apdi
/// FloatMinValue/FloatMaxValue. Apple writes the same values (XMP rounded to six decimals);
/// readers use one or the other, so they must agree. What the SEI calls the range depends on
/// its type (ITU-T H.265, depth_representation_type): d_min/d_max for disparity (1, 3),
/// ZNear/ZFar for uniform Z (2, nearest first as in apdi), and for uniform inverse Z (0)
/// ZNear/ZFar beside a depth format or 1/ZFar…1/ZNear beside a disparity one. A type the apdi
/// NativeFormat contradicts is `dictionary.pixel-format.kind-mismatch`'s to report.
struct SEIRangeMismatch: Rule {
    let info = RuleInfo(
        .dictionarySEIRangeMismatch, .warning,
        Citation(.hevc, "Annex F depth representation information SEI: d_min/d_max, z_near/z_far; apdi FloatMinValue/FloatMaxValue"),
        summary: "The depth SEI's range (d_min/d_max, or ZNear/ZFar by its type) equals the XMP FloatMinValue/FloatMaxValue.",
        fix: "Write the same range into the auxC SEI and the item's XMP.")

    /// XMP carries six decimals of the value, so agreement is to 1e-5 relative plus 1e-6.
    static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 + 1e-5 * max(abs(a), abs(b))
    }

    /// The SEI's (name, value) pairs that stand for FloatMinValue and FloatMaxValue, for a map
    /// whose apdi NativeFormat is `format` (nil: none given).
    static func range(of r: DepthRepresentation, format: PixelFormat?) -> [(String, Double?)] {
        let depth = format.map(\.isDepth), disparity = format.map(\.isDisparity)
        switch r.representationType {
        case 1, 3: return depth == true ? [] : [("d_min", r.dMin), ("d_max", r.dMax)]
        case 2: return disparity == true ? [] : [("ZNear", r.zNear), ("ZFar", r.zFar)]
        case 0:
            if depth == true { return [("ZNear", r.zNear), ("ZFar", r.zFar)] }
            return [("1/ZFar", r.zFar.map { 1 / $0 }), ("1/ZNear", r.zNear.map { 1 / $0 })]
        default: return []
        }
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { $0.representation != nil && ($0.valueRange.floatMin != nil || $0.valueRange.floatMax != nil) }
        guard !maps.isEmpty else { return .notApplicable }
        var out: [RuleFinding] = []
        for a in maps {
            guard let r = a.representation else { continue }
            let pairs = Self.range(of: r, format: a.apple?.nativeFormat)
            for ((name, sei), xmp) in zip(pairs, [a.valueRange.floatMin, a.valueRange.floatMax]) {
                guard let s = sei, let x = xmp, !Self.agree(s, x) else { continue }
                out.append(info.finding(a.location.offset, a.location.path,
                                        "image \(a.index): SEI \(name) \(NumberText.short(s)) but XMP says \(NumberText.short(x))"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `dictionary.sei.range-mismatch`, checked by this file's rule.
    package static let dictionarySEIRangeMismatch = RuleID(rawValue: "dictionary.sei.range-mismatch")
}
