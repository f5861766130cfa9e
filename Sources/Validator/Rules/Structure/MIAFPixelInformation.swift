import AuxData
import Container

/// MIAF §7.3.6.6: the pixel information property (`pixi`, ISO/IEC 23008-12 §6.5.6) is associated
/// with every displayable image, one not marked hidden in its `infe`, so that a reader knows
/// the channels and bit depths of what it shows without the decoder configuration. Hidden
/// items, such as a grid's tiles, need none. Judged for files that declare `miaf`.
struct MIAFPixelInformation: Rule {
    let info = RuleInfo(
        .structureHEIFMIAFPixiMissing, .error,
        Citation(.miaf, "§7.3.6.6 the pixel information property is associated with every displayable (not hidden) image"),
        summary: "In a MIAF file, every image item not marked hidden has a pixi property.",
        fix: "Associate a pixi property giving the image's channels and bit depths with the item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType) else { return .notApplicable }
        var findings: [RuleFinding] = []
        var applies = false
        for item in file.items where item.isImage && !item.isHidden {
            applies = true
            guard !item.hasProperty(BMFF.BoxType.pixi) else { continue }
            findings.append(info.finding(item.infeOffset, "meta/iinf/item[\(item.id)]",
                                         "displayable image item \(item.id) ('\(item.type)') has no pixi"))
        }
        return applies ? .from(findings) : .notApplicable
    }
}

extension RuleID {
    /// `structure.heif.miaf-pixi-missing`, checked by this file's rule.
    package static let structureHEIFMIAFPixiMissing = RuleID(rawValue: "structure.heif.miaf-pixi-missing")
}
