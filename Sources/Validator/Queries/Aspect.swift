import AuxData

/// Aspect-ratio comparisons with the one-pixel rounding that downscaling introduces: an aux
/// image of width w matches a frame W×H when its height is within one pixel of w·H/W, or its
/// width within one pixel of h·W/H (iPhone files: 4032×3024 → 768×576, 376×500 → 188×250).
enum Aspect {
    /// Whether w × h keeps fw × fh's aspect to one pixel of rounding, measured at the smaller
    /// of the two sizes (a 349×434 map of a 56×70 photo is off by 0.4 of the photo's pixels).
    static func matches(width w: Int, height h: Int, frameWidth fw: Int, frameHeight fh: Int) -> Bool {
        guard w > 0, h > 0, fw > 0, fh > 0 else { return false }
        func within(_ w: Int, _ h: Int, of fw: Int, _ fh: Int) -> Bool {
            let expectedH = Double(w) * Double(fh) / Double(fw)
            let expectedW = Double(h) * Double(fw) / Double(fh)
            return abs(Double(h) - expectedH) <= 1.0 || abs(Double(w) - expectedW) <= 1.0
        }
        return within(w, h, of: fw, fh) || within(fw, fh, of: w, h)
    }

    /// Findings for the images whose size does not keep the primary's aspect ratio.
    static func mismatches(_ images: [ParsedAuxImage], primary p: ParsedPrimaryImage, rule: RuleInfo) -> [RuleFinding] {
        images.compactMap { a in
            guard let w = a.width, let h = a.height,
                  !matches(width: w, height: h, frameWidth: p.width, frameHeight: p.height) else { return nil }
            return rule.finding(a.location.offset, a.location.path,
                                "\(a.kind.rawValue) image \(a.index) is \(ratio(w, h)) but the primary is \(ratio(p.width, p.height))")
        }
    }

    static func ratio(_ w: Int, _ h: Int) -> String {
        guard h != 0 else { return "\(w)×\(h)" }
        return "\(w)×\(h) (\(String(format3(Double(w) / Double(h)))))"
    }

    /// Three decimals, without Foundation.
    static func format3(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        let scaled = (v * 1000).rounded()
        let i = Int(scaled / 1000), f = Int(abs(scaled).truncatingRemainder(dividingBy: 1000))
        let fs = String(f)
        return "\(i)." + String(repeating: "0", count: 3 - fs.count) + fs
    }
}
