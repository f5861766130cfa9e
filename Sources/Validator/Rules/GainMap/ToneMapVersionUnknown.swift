import AuxData
import Container

/// A reader does not process a tone-mapped image whose version (or gain map metadata minimum
/// version) it does not know, and shows the base image instead: the HDR rendition is lost for
/// every reader of this edition. A later edition may define such versions, so this warns.
/// ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4 (ToneMapImage version 0); ISO 21496-1:2025 Annex C.2
/// (minimum_version: readers that do not know it ignore the metadata).
struct ToneMapVersionUnknown: Rule {
    let info = RuleInfo(
        .gainmapTmapVersionUnknown, .warning,
        Citation(.heifToneMap, "§6.6.2.4 ToneMapImage version = 0; ISO 21496-1:2025 Annex C.2 minimum_version = 0"),
        summary: "A tmap item has version 0 and gain map metadata whose minimum_version is 0, the ones readers know.",
        fix: "Write the tmap data with version 0 and minimum_version 0 unless the file needs a later edition's fields.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.structure.heif?.toneMaps.isEmpty == false else { return .notApplicable }
        return overToneMapItems(photo) { file, it in
            guard let t = file.toneMaps[it.id] else { return nil }
            if t.version != 0 { return "tmap item \(it.id) has version \(t.version); readers know version 0 and ignore it" }
            guard let m = t.minimumVersion, m != 0 else { return nil }
            return "tmap item \(it.id) needs gain map metadata version \(m) (writer version \(t.writerVersion ?? 0)); readers know version 0 and ignore it"
        }
    }
}

extension RuleID {
    /// `gainmap.tmap.version-unknown`, checked by this file's rule.
    package static let gainmapTmapVersionUnknown = RuleID(rawValue: "gainmap.tmap.version-unknown")
}
