import AuxData
import Container

/// ISO 21496-1:2025 Annex C.2: bytes after the GainMapMetadata are room for fields a later
/// writer_version adds; a writer of version 0, whose layout ends with the last channel's
/// alternate offset, has none to write. Bytes there from such a writer are not metadata any
/// reader can place, and libavif refuses the item (its `supported_gainmap_writer_version_with_
/// extra_bytes.avif`), while it accepts them from a later writer_version.
struct ToneMapExtraBytes: Rule {
    let info = RuleInfo(
        .gainmapTmapExtraBytes, .error,
        Citation(.gainMap, "Annex C.2 GainMapMetadata of writer_version 0 (no field after the last channel's alternate offset)"),
        summary: "A tmap item whose gain map metadata a version-0 writer wrote ends where the metadata ends.",
        fix: "Write nothing after the gain map metadata, or the writer_version of the edition whose fields follow it.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.structure.heif?.toneMaps.isEmpty == false else { return .notApplicable }
        return overToneMapItems(photo) { file, it in
            guard let t = file.toneMaps[it.id], t.metadata != nil, t.minimumVersion == 0, t.writerVersion == 0,
                  !t.unreadBytes.isEmpty else { return nil }
            return "tmap item \(it.id): \(t.unreadBytes.count) bytes follow the gain map metadata of writer_version 0"
        }
    }
}

extension RuleID {
    /// `gainmap.tmap.extra-bytes`, checked by this file's rule.
    package static let gainmapTmapExtraBytes = RuleID(rawValue: "gainmap.tmap.extra-bytes")
}
