import AuxData
import Container

/// A reader that skips a property it does not understand must not skip one that changes the
/// decoded image: decoder configurations and transformative properties carry the essential
/// bit, so a reader that cannot apply them refuses the item instead of showing it wrong.
///
/// What each source requires decides the grade: HEIF requires the HEVC decoder configuration
/// to be essential ("essential shall be equal to 1 for an 'hvcC' item property", ISO/IEC
/// 23008-12 Annex B.2.3.1); AVIF asks it of av1C with "should" since v1.1.0 (AV1 Image File
/// Format §2.2.1, "This property should be marked as essential", where v1.0.0 said "shall"),
/// a warning; MIAF requires it of transformative properties ("shall be marked as essential",
/// ISO/IEC 23000-22 §7.3.9), an error under the miaf brand and a warning outside it, where
/// HEIF leaves it open.
struct HEIFPropertyNotEssential: Rule {
    let info = RuleInfo(
        .structureHEIFPropertyNotEssential, .error,
        Citation(.heif, "Annex B.2.3.1: \"essential shall be equal to 1 for an 'hvcC' item property\"; AV1 Image File Format v1.1.0 §2.2.1: av1C \"should be marked as essential\"; ISO/IEC 23000-22 §7.3.9 (brand miaf): transformative properties \"shall be marked as essential\""),
        summary: "hvcC, av1C, irot, imir and clap are associated with the essential bit set.",
        fix: "Set the essential bit on the ipma associations of decoder configurations and transforms.",
        severityNote: "a warning for av1C, which AVIF asks with \"should\" since v1.1.0, and for a transform outside the miaf brand")

    /// Decoder configurations and transforms (ISO/IEC 23008-12 §6.5.1). A list, not a set:
    /// see `BMFF.BoxType.imageItemTypeList`.
    static let mustBeEssential: [FourCC] = [BMFF.BoxType.hvcC, BMFF.BoxType.av1C, BMFF.BoxType.irot,
                                               BMFF.BoxType.imir, BMFF.BoxType.clap]

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let miaf = file.fileType.majorBrand == "miaf" || file.fileType.compatibleBrands.contains("miaf")
        // Indexed loops: every image item of every file is looked at, and copying an item or
        // a property to look at its type retains all it holds.
        var findings: [RuleFinding] = []
        let items = file.items
        for i in items.indices where items[i].isImage {
            let properties = items[i].properties
            for k in properties.indices where !properties[k].essential && Self.mustBeEssential.contains(properties[k].type) {
                let p = properties[k], id = items[i].id
                let path = "meta/iprp/ipco[\(p.index)]:\(p.type) of item \(id)"
                let hevc = p.type == BMFF.BoxType.hvcC, av1 = p.type == BMFF.BoxType.av1C
                let severity: FindingSeverity = hevc || (miaf && !av1) ? .error : .warning
                let why = hevc ? "HEIF requires the HEVC decoder configuration to be essential"
                    : av1 ? "AVIF v1.1.0 §2.2.1 says av1C should be marked essential"
                    : miaf ? "under the miaf brand a transformative property is essential"
                           : "readers that skip it show the image untransformed"
                findings.append(info.finding(p.range.lowerBound, path, "\(p.type) of item \(id) is not marked essential: \(why)", severity: severity))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.property-not-essential`, checked by this file's rule.
    package static let structureHEIFPropertyNotEssential = RuleID(rawValue: "structure.heif.property-not-essential")
}
