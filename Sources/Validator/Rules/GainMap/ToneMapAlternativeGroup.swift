import AuxData
import Container

/// A `tmap` item and the base image it is derived from are alternatives: an `altr` entity
/// group holding both tells a reader that it may show either, and readers find the HDR
/// rendition through it (libavif looks for the tmap in the primary's altr group). Without the
/// group a reader shows only the base image. ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4;
/// ISO/IEC 14496-12 §8.18.3 (altr: entities that are alternatives to each other).
struct ToneMapAlternativeGroup: Rule {
    let info = RuleInfo(
        .gainmapTmapAltrGroup, .warning,
        Citation(.heifToneMap, "§6.6.2.4 tmap and its base image in an altr group; ISO/IEC 14496-12 §8.18.3 altr"),
        summary: "An altr entity group in grpl holds each tmap item together with its base image.",
        fix: "Add a grpl box to meta with an altr EntityToGroupBox listing the tmap item, then the base image.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        overToneMapItems(photo) { file, it in
            guard let base = file.toneMapBase(of: it.id) else { return nil }
            let groups = file.alternativeGroups(holding: it.id)
            if groups.contains(where: { $0.entityIDs.contains(base) }) { return nil }
            if groups.isEmpty { return "tmap item \(it.id) is in no altr group; it and its base image \(base) belong in one" }
            return "the altr group(s) \(groups.map(\.groupID)) of tmap item \(it.id) do not hold its base image \(base)"
        }
    }
}

extension RuleID {
    /// `gainmap.tmap.altr-group`, checked by this file's rule.
    package static let gainmapTmapAltrGroup = RuleID(rawValue: "gainmap.tmap.altr-group")
}
