import AuxData
import Container

/// Without a primary image there is no photo for the aux images to belong to.
/// ISO/IEC 23008-12 §9.3: `pitm` names the primary item, which `iinf` declares.
struct HEIFPrimaryMissing: Rule {
    let info = RuleInfo(
        .structureHEIFPrimaryMissing, .error, Citation(.heif, "§6.2 (a file has a primary item); ISO/IEC 14496-12 §8.11.4 pitm"),
        summary: "The primary item named by pitm exists and is an image item.",
        fix: "Point pitm at the item ID of the main image.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        guard let id = file.primaryItemID else { return .passed }
        let at = file.meta.primaryItemOffset ?? file.meta.header.offset
        guard let item = file.item(id) else {
            return .from([info.finding(at, "meta/pitm", "primary item \(id) is not declared in iinf")])
        }
        // §6.2: the primary item is the image a reader shows; metadata is no photo.
        guard ImageItemTypes.isImage(item.type) else {
            return .from([info.finding(at, "meta/pitm", "primary item \(id) is a '\(item.type)' item, not an image")])
        }
        return .passed
    }
}

extension RuleID {
    /// `structure.heif.primary-missing`, checked by this file's rule.
    package static let structureHEIFPrimaryMissing = RuleID(rawValue: "structure.heif.primary-missing")
}
