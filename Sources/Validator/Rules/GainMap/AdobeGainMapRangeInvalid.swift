import AuxData

/// The `hdrgm` values are used in the display formula as they are: a gamma of zero divides by
/// zero, a range with max below min inverts the map, negative offsets or capacities have no
/// meaning. Android Ultra HDR v1.1, "Gain map metadata" (the hdrgm fields, their defaults
/// and the values they must take); Adobe Gain Map specification (the same fields).
struct AdobeGainMapRangeInvalid: Rule {
    let info = RuleInfo(
        .gainmapHdrgmRangeInvalid, .error,
        Citation(.ultraHDR, "Gain map metadata: Version 1.0, GainMapMax and HDRCapacityMax required, GainMapMax ≥ GainMapMin, Gamma > 0, offsets and HDRCapacityMin ≥ 0, HDRCapacityMax > HDRCapacityMin"),
        summary: "An aux image's hdrgm XMP has Version 1.0, GainMapMax and HDRCapacityMax, one or three values per channel field, GainMapMax ≥ GainMapMin, Gamma > 0, OffsetSDR/OffsetHDR/HDRCapacityMin ≥ 0 and HDRCapacityMax > HDRCapacityMin.",
        fix: "Write the hdrgm fields from the gain map's real range; omitted fields take their defaults (min 0, gamma 1, offsets 1/64, capacity min 0).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        overDescribed(photo, \.adobeGainMap) { _, g in problems(g) }
    }

    func problems(_ g: AdobeGainMapDescription) -> [String] {
        let v = AdobeGainMapValues(g)
        var out: [String] = []
        // "hdrgm:Version ... This version is 1.0. Required."
        if let version = g.version, String(decoding: version.utf8.filter { $0 > 0x20 }, as: UTF8.self) != "1.0" {
            out.append("hdrgm:Version is \(version), not 1.0")
        }
        if g.version == nil { out.append("hdrgm:Version is missing") }
        if g.gainMapMax == nil { out.append("hdrgm:GainMapMax is missing") }
        if g.hdrCapacityMax == nil { out.append("hdrgm:HDRCapacityMax is missing") }
        for (name, list) in v.channelFields where list.count != 1 && list.count != 3 {
            out.append("hdrgm:\(name) has \(list.count) values; it has one or three")
        }
        for c in 0..<3 {
            let (lo, hi) = (v.value(\.gainMapMin, c), v.value(\.gainMapMax, c))
            if let lo, let hi, hi < lo { out.append("hdrgm:GainMapMax \(hi) is below GainMapMin \(lo) (channel \(c))") }
            if let gm = v.value(\.gamma, c), gm <= 0 { out.append("hdrgm:Gamma \(NumberText.short(gm)) is not above 0 (channel \(c))") }
            for (name, kp) in [("OffsetSDR", \AdobeGainMapValues.offsetSDR), ("OffsetHDR", \AdobeGainMapValues.offsetHDR)] {
                if let o = v.value(kp, c), o < 0 { out.append("hdrgm:\(name) \(o) is below 0 (channel \(c))") }
            }
            if g.gainMapMin?.count != 3, g.gainMapMax?.count != 3, g.gamma?.count != 3,
               g.offsetSDR?.count != 3, g.offsetHDR?.count != 3 { break }
        }
        if v.hdrCapacityMin < 0 { out.append("hdrgm:HDRCapacityMin \(v.hdrCapacityMin) is below 0") }
        if let hi = v.hdrCapacityMax, hi <= v.hdrCapacityMin {
            out.append("hdrgm:HDRCapacityMax \(hi) is not above HDRCapacityMin \(v.hdrCapacityMin)")
        }
        return out
    }
}

/// `hdrgm` values with the format's defaults for absent fields (Android Ultra HDR v1.1, "Gain
/// map metadata"): GainMapMin 0, Gamma 1, OffsetSDR and OffsetHDR 1/64, HDRCapacityMin 0,
/// BaseRenditionIsHDR False. GainMapMax and HDRCapacityMax have no default.
struct AdobeGainMapValues {
    var gainMapMin: [Double]
    var gainMapMax: [Double]
    var gamma: [Double]
    var offsetSDR: [Double]
    var offsetHDR: [Double]
    var hdrCapacityMin: Double
    var hdrCapacityMax: Double?
    var baseRenditionIsHDR: Bool

    init(_ g: AdobeGainMapDescription) {
        gainMapMin = g.gainMapMin ?? [0]
        gainMapMax = g.gainMapMax ?? []
        gamma = g.gamma ?? [1]
        offsetSDR = g.offsetSDR ?? [1.0 / 64]
        offsetHDR = g.offsetHDR ?? [1.0 / 64]
        hdrCapacityMin = g.hdrCapacityMin ?? 0
        hdrCapacityMax = g.hdrCapacityMax
        baseRenditionIsHDR = g.baseRenditionIsHDR ?? false
    }

    /// The per-channel fields by name, as written or defaulted.
    var channelFields: [(String, [Double])] {
        [("GainMapMin", gainMapMin), ("GainMapMax", gainMapMax), ("Gamma", gamma), ("OffsetSDR", offsetSDR), ("OffsetHDR", offsetHDR)]
    }

    /// The value of a per-channel field for channel `c`: its only value, or its `c`th of three.
    func value(_ field: KeyPath<AdobeGainMapValues, [Double]>, _ c: Int) -> Double? {
        let list = self[keyPath: field]
        if list.count == 1 { return list[0] }
        return list.count == 3 && c < 3 ? list[c] : nil
    }
}

extension RuleID {
    /// `gainmap.hdrgm.range-invalid`, checked by this file's rule.
    package static let gainmapHdrgmRangeInvalid = RuleID(rawValue: "gainmap.hdrgm.range-invalid")
}
