import AuxData
import Container

extension ReaderProblemRule {
    /// The gain map metadata is what turns the base image into the HDR rendition; a `tmap` item
    /// whose data cannot be read leaves readers with the base image only.
    static let toneMapMalformed = ReaderProblemRule(
        RuleInfo(.gainmapTmapMalformed, .error,
                 Citation(.heifToneMap, "§6.6.2.4 ToneMapImage; ISO 21496-1:2025 Annex C.2 GainMapMetadata syntax"),
                 summary: "Every tmap item's data is one readable ToneMapImage: a version byte and the gain map metadata with all its channels.",
                 fix: "Rewrite the tmap item's data: version, minimum and writer version, flags, headrooms, then one or three channels of five fractions."),
        codes: [.toneMapInvalid],
        container: .heif, applies: { !($0.structure.heif?.toneMapItems.isEmpty ?? true) })
}

extension RuleID {
    /// `gainmap.tmap.malformed`, checked by this file's rule.
    package static let gainmapTmapMalformed = RuleID(rawValue: "gainmap.tmap.malformed")
}
