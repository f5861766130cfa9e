import AuxData
import Container

/// A coded image item is decoded from its configuration and its data: ISO/IEC 23008-12
/// Annex B.2.3.1 (an `hvc1` item shall have an `hvcC` property), the AV1 Codec ISO Media File
/// Format Binding §2.2.1 (an `av01` item, `av1C`), and ISO/IEC 14496-12 §8.11.3 (its data is
/// what `iloc` locates; an item `iloc` does not list has none). Without either no reader can
/// show it (libheif: "No 'hvcC' box", "Item has no data"). Aux images without hvcC are judged
/// here too, with the other images.
struct HEIFCodedImageIncomplete: Rule {
    let info = RuleInfo(
        .structureHEIFCodedImageIncomplete, .error,
        Citation(.heif, "Annex B.2.3.1 (hvc1 items have hvcC); AV1 ISOBMFF binding §2.2.1 (av01 items have av1C); ISO/IEC 14496-12 §8.11.3 (item data is located by iloc)"),
        summary: "Every coded image item has its decoder configuration property and an iloc entry for its data.",
        fix: "Associate the item with its codec's configuration property and give it an iloc entry.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // A file with no iloc at all is structure.heif.box-invalid's; an entry whose extents
        // cannot be resolved is structure.heif.iloc-extent-out-of-bounds'.
        let listed = file.meta.itemLocation?.items.map(\.itemID)
        var findings: [RuleFinding] = []
        let items = file.items
        for i in items.indices where ImageItemTypes.isCoded(items[i].type) {
            let type = items[i].type, id = items[i].id
            if let config = ImageItemTypes.configuration(of: type), !items[i].hasProperty(config) {
                findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(id)]", "'\(type)' item \(id) has no '\(config)' property"))
            }
            if let listed, !listed.contains(id) {
                findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(id)]", "'\(type)' item \(id) has no iloc entry, so no data"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.coded-image-incomplete`, checked by this file's rule.
    package static let structureHEIFCodedImageIncomplete = RuleID(rawValue: "structure.heif.coded-image-incomplete")
}
