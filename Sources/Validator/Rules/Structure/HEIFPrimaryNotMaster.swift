import AuxData
import Container

/// The primary item is what every reader shows. HEIF itself forbids only a hidden primary
/// (ISO/IEC 23008-12 §6.4.2: "The primary item shall not be a hidden image item"); MIAF adds
/// that it "shall be a MIAF master image item" (ISO/IEC 23000-22 §7.3.2), so neither an
/// auxiliary image nor a thumbnail, a requirement of files that declare the `miaf` brand. A
/// HEIF without it may make a thumbnail its primary (Nokia's conformance file C005 does); an
/// auxiliary image as the primary is still a warning there, as readers then show a depth map
/// or an alpha plane instead of the photo.
struct HEIFPrimaryNotMaster: Rule {
    let info = RuleInfo(
        .structureHEIFPrimaryNotMaster, .error,
        Citation(.heif, "§6.4.2: \"The primary item shall not be a hidden image item\"; ISO/IEC 23000-22 §7.3.2 (brand miaf): \"The primary item shall be a MIAF master image item\""),
        summary: "The primary item is not hidden (HEIF); under the miaf brand it is a master image, neither an auxiliary image nor a thumbnail.",
        fix: "Point pitm at the photo itself, and clear the hidden flag of its infe.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, let id = file.primaryItemID, let it = file.item(id) else { return .notApplicable }
        let miaf = file.fileType.majorBrand == "miaf" || file.fileType.compatibleBrands.contains("miaf")
        let at = file.meta.primaryItemOffset ?? it.infeOffset
        var out: [RuleFinding] = []
        if it.isHidden {
            out.append(info.finding(at, "meta/pitm", "primary item \(id) is hidden (§6.4.2)"))
        }
        let masters = file.graph.references(from: id, type: BMFF.BoxType.auxl)
        if !masters.isEmpty {
            out.append(info.finding(at, "meta/pitm",
                                    "primary item \(id) is an auxiliary image (auxl to \(masters))"
                                        + (miaf ? "; under the miaf brand the primary is a master image (ISO/IEC 23000-22 §7.3.2)"
                                                : ": readers show it instead of the photo"),
                                    severity: miaf ? .error : .warning))
        }
        let thumbnailOf = file.graph.references(from: id, type: BMFF.BoxType.thmb)
        if !thumbnailOf.isEmpty, miaf {
            out.append(info.finding(at, "meta/pitm",
                                    "primary item \(id) is a thumbnail (thmb to \(thumbnailOf)); under the miaf brand the primary is a master image (ISO/IEC 23000-22 §7.3.2)"))
        }
        return .from(out)
    }
}

extension RuleID {
    /// `structure.heif.primary-not-master`, checked by this file's rule.
    package static let structureHEIFPrimaryNotMaster = RuleID(rawValue: "structure.heif.primary-not-master")
}
