import AuxData
import Container

/// Every gain map value is a fraction; a zero denominator has no value, a gamma of zero or
/// below cannot be inverted, and a gain map range whose maximum lies below its minimum maps
/// every sample the wrong way. ISO 21496-1:2025 Annex C.2 (the fractions), 5.2.5.3
/// (max ≥ min), 5.2.5.6 (gamma > 0).
struct ToneMapFractionInvalid: Rule {
    let info = RuleInfo(
        .gainmapTmapFractionInvalid, .error,
        Citation(.gainMap, "Annex C.2 fractions; 5.2.5.3 gain map max ≥ min; 5.2.5.6 gamma > 0"),
        summary: "Every ISO 21496-1 fraction (a tmap item's, or a JPEG gain map's APP2 segment's) has a non-zero denominator, every channel's gamma is above 0 and its gain map max is at least its min.",
        fix: "Write the tmap metadata with non-zero denominators, gamma > 0 and gain_map_min ≤ gain_map_max.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else {
            // JPEG: the gain map image's ISO 21496-1 APP2 segment (Annex C) holds the same metadata.
            let read = photo.auxImages.flatMap { a in a.toneMaps.compactMap { t in t.toneMap.metadata.map { (t, $0) } } }
            guard !read.isEmpty else { return .notApplicable }
            return .from(read.flatMap { t, m in
                problems(m).map { info.finding(t.location.offset, t.location.path, "gain map image \(t.itemID): \($0)") }
            })
        }
        let read = file.toneMapItems.compactMap { it in file.toneMaps[it.id]?.metadata.map { (it, $0) } }
        guard !read.isEmpty else { return .notApplicable }
        return .from(read.flatMap { it, m in problems(m).map { finding(at: it, "tmap item \(it.id): \($0)") } })
    }

    func problems(_ m: HEIF.GainMapMetadata) -> [String] {
        var out: [String] = []
        for (name, f) in [("base_hdr_headroom", m.baseHdrHeadroom), ("alternate_hdr_headroom", m.alternateHdrHeadroom)]
        where f.denominator == 0 {
            out.append("\(name) \(f) has a zero denominator")
        }
        for (i, c) in m.channels.enumerated() {
            let fields = [("gain_map_min", c.gainMapMin), ("gain_map_max", c.gainMapMax), ("gamma", c.gamma),
                          ("base_offset", c.baseOffset), ("alternate_offset", c.alternateOffset)]
            for (name, f) in fields where f.denominator == 0 {
                out.append("channel \(i) \(name) \(f) has a zero denominator")
            }
            if c.gamma.denominator != 0, c.gamma.numerator <= 0 {
                out.append("channel \(i) gamma \(c.gamma) is not above 0")
            }
            // Cross-multiplied: |numerator| < 2^32 and denominator < 2^32, so each product fits in Int64.
            if c.gainMapMin.denominator != 0, c.gainMapMax.denominator != 0,
               c.gainMapMax.numerator * Int64(c.gainMapMin.denominator) < c.gainMapMin.numerator * Int64(c.gainMapMax.denominator) {
                out.append("channel \(i) gain_map_max \(c.gainMapMax) is below gain_map_min \(c.gainMapMin)")
            }
        }
        return out
    }
}

extension RuleID {
    /// `gainmap.tmap.fraction-invalid`, checked by this file's rule.
    package static let gainmapTmapFractionInvalid = RuleID(rawValue: "gainmap.tmap.fraction-invalid")
}
