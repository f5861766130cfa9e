import AuxData
import Container

/// When a gain map carries both the ISO 21496-1 metadata (the HEIF `tmap` item) and Adobe's
/// `hdrgm` XMP, readers that use one or the other must render the same HDR image. The two
/// describe the same quantities: the gain map range and gamma per channel, the offsets of the
/// base and alternate renditions (OffsetSDR/OffsetHDR, swapped when BaseRenditionIsHDR), and
/// the headrooms (HDRCapacityMin/Max). ISO 21496-1:2025 5.2 (the metadata); Android Ultra HDR
/// v1.1, "Gain map metadata". Text values are compared to a relative 0.1 %.
struct AdobeGainMapToneMapMismatch: Rule {
    let info = RuleInfo(
        .gainmapHdrgmTmapMismatch, .warning,
        Citation(.gainMap, "5.2 gain map metadata; Android Ultra HDR v1.1 Gain map metadata (the hdrgm equivalents)"),
        summary: "Where a gain map has both ISO 21496-1 metadata (a tmap item, or a JPEG gain map's APP2 segment) and hdrgm XMP, they give the same range, gamma, offsets and headrooms.",
        fix: "Write the hdrgm XMP from the same values as the tmap item (or drop the one that is stale).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        // Applicable to the images that have both descriptions.
        overDescribed(photo, { a in a.adobeGainMap.flatMap { a.toneMaps.contains { $0.toneMap.metadata != nil } ? $0 : nil } }) { a, g in
            a.toneMaps.flatMap { t in
                (t.toneMap.metadata.map { differences(AdobeGainMapValues(g), $0) } ?? []).map {
                    photo.container == .jpeg ? "\($0) in the ISO 21496-1 metadata of image \(t.itemID)" : "\($0) in tmap item \(t.itemID)"
                }
            }
        }
    }

    func differences(_ v: AdobeGainMapValues, _ m: HEIF.GainMapMetadata) -> [String] {
        // With an SDR base, the base rendition's offset and headroom are the SDR ones.
        let (baseOffset, altOffset) = v.baseRenditionIsHDR ? ("OffsetHDR", "OffsetSDR") : ("OffsetSDR", "OffsetHDR")
        let (baseCapacity, altCapacity) = v.baseRenditionIsHDR ? (v.hdrCapacityMax, v.hdrCapacityMin) : (v.hdrCapacityMin, v.hdrCapacityMax)
        var out: [String] = []
        func compare(_ name: String, _ xmp: Double?, _ field: String, _ f: HEIF.Fraction) {
            guard let x = xmp, let t = f.value, abs(x - t) > 0.001 * max(1, abs(x), abs(t)) else { return }
            out.append("hdrgm:\(name) \(NumberText.short(x)) but \(field) \(NumberText.short(t))")
        }
        compare(v.baseRenditionIsHDR ? "HDRCapacityMax" : "HDRCapacityMin", baseCapacity, "base_hdr_headroom", m.baseHdrHeadroom)
        compare(v.baseRenditionIsHDR ? "HDRCapacityMin" : "HDRCapacityMax", altCapacity, "alternate_hdr_headroom", m.alternateHdrHeadroom)
        let (baseKey, altKey) = v.baseRenditionIsHDR ? (\AdobeGainMapValues.offsetHDR, \AdobeGainMapValues.offsetSDR)
                                                     : (\AdobeGainMapValues.offsetSDR, \AdobeGainMapValues.offsetHDR)
        for (i, c) in m.channels.enumerated() {
            let suffix = m.channels.count > 1 ? " (channel \(i))" : ""
            compare("GainMapMin", v.value(\.gainMapMin, i), "gain_map_min" + suffix, c.gainMapMin)
            compare("GainMapMax", v.value(\.gainMapMax, i), "gain_map_max" + suffix, c.gainMapMax)
            compare("Gamma", v.value(\.gamma, i), "gamma" + suffix, c.gamma)
            compare(baseOffset, v.value(baseKey, i), "base_offset" + suffix, c.baseOffset)
            compare(altOffset, v.value(altKey, i), "alternate_offset" + suffix, c.alternateOffset)
        }
        return out
    }
}

extension RuleID {
    /// `gainmap.hdrgm.tmap-mismatch`, checked by this file's rule.
    package static let gainmapHdrgmTmapMismatch = RuleID(rawValue: "gainmap.hdrgm.tmap-mismatch")
}
