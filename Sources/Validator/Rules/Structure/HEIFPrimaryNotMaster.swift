import AuxData
import Container

/// The primary item is what every reader shows. An auxiliary image (a depth map, an alpha
/// plane), a hidden item or a thumbnail cannot be that image: readers either refuse the file
/// or show the map instead of the photo. ISO/IEC 23008-12 §6.4.2 (the primary item is a
/// master image, not hidden); ISO/IEC 23000-22 §7.3.2.
struct HEIFPrimaryNotMaster: Rule {
    let info = RuleInfo(
        "structure.heif.primary-not-master", .error,
        Citation(.heif, "§6.4.2 primary item: a master image, not hidden; ISO/IEC 23000-22 §7.3.2"),
        summary: "The primary item is a master image: not an auxiliary image (auxl source), not a thumbnail (thmb source), not hidden.",
        fix: "Point pitm at the photo itself, and clear the hidden flag of its infe.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, let id = file.primaryItemID, let it = file.item(id) else { return .notApplicable }
        var reasons: [String] = []
        let masters = file.graph.references(from: id, type: BMFF.BoxType.auxl)
        if !masters.isEmpty { reasons.append("an auxiliary image (auxl to \(masters))") }
        let thumbnailOf = file.graph.references(from: id, type: BMFF.BoxType.thmb)
        if !thumbnailOf.isEmpty { reasons.append("a thumbnail (thmb to \(thumbnailOf))") }
        if it.isHidden { reasons.append("hidden") }
        guard !reasons.isEmpty else { return .passed }
        return .from([info.finding(file.meta.primaryItemOffset ?? it.infeOffset, "meta/pitm",
                                   "primary item \(id) is \(reasons.joined(separator: ", ")); the primary is a master image")])
    }
}
