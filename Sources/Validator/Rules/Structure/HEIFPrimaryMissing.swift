import AuxData
import Container

/// Without a primary item there is no photo for the aux images to belong to.
/// ISO/IEC 23008-12 §9.3: `pitm` names the primary item, which `iinf` declares.
struct HEIFPrimaryMissing: Rule {
    let info = RuleInfo(
        "structure.heif.primary-missing", .error, Citation(.heif, "§6.2 (a file has a primary item); ISO/IEC 14496-12 §8.11.4 pitm"),
        summary: "The primary item named by pitm exists.",
        fix: "Point pitm at the item ID of the main image.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        guard let id = file.primaryItemID, file.item(id) == nil else { return .passed }
        return .from([info.finding(file.meta.primaryItemOffset ?? file.meta.header.offset, "meta/pitm",
                                   "primary item \(id) is not declared in iinf")])
    }
}
