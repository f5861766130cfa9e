import AuxData
import Container

/// A `tmap` item is derived from exactly two images, named by its `dimg` references: the base
/// image first, then the gain map. A reader that meets them the other way round applies the
/// base image as a gain map. ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4.
struct ToneMapInputOrder: Rule {
    let info = RuleInfo(
        .gainmapTmapDimgOrder, .error,
        Citation(.heifToneMap, "§6.6.2.4 tmap: two dimg inputs, the base image then the gain map"),
        summary: "A tmap item has two dimg inputs: first the base image (the primary), then the gain map image.",
        fix: "Write the tmap's dimg reference as [base image, gain map].")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        overToneMapItems(photo) { file, it in
            let inputs = file.tiles(of: it.id)
            guard inputs.count == 2 else {
                return "tmap item \(it.id) has \(inputs.count) dimg inputs \(inputs); it has two, the base image then the gain map"
            }
            guard file.isGainMapImage(inputs[0]) || inputs[1] == file.primaryItemID else { return nil }
            return "tmap item \(it.id) takes item \(inputs[0]) first and item \(inputs[1]) second; the base image (item \(inputs[1])) comes first, the gain map (item \(inputs[0])) second"
        }
    }
}

extension RuleID {
    /// `gainmap.tmap.dimg-order`, checked by this file's rule.
    package static let gainmapTmapDimgOrder = RuleID(rawValue: "gainmap.tmap.dimg-order")
}
