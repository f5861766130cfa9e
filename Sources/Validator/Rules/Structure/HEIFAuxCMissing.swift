import AuxData
import Container

/// Without auxC a reader cannot tell depth from alpha or a matte; libheif refuses the file.
/// ISO/IEC 23008-12 §6.5.8.1: an auxiliary image shall be associated with an auxC.
struct HEIFAuxCMissing: Rule {
    let info = RuleInfo(
        .structureHEIFAuxCMissing, .error, Citation(.heif, "§6.5.8 auxC (an auxiliary image shall have auxC)"),
        summary: "Every auxiliary image item (auxl source) has an auxC property naming its type.",
        fix: "Associate an auxC property with the aux type URN with each aux item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        return .from(file.references.filter { $0.type == BMFF.BoxType.auxl }.compactMap { ref in
            guard let it = file.item(ref.fromItemID), !it.properties.contains(where: { $0.type == BMFF.BoxType.auxC }) else {
                return nil
            }
            return info.finding(it.infeOffset, "meta/iinf/item[\(it.id)]", "auxiliary item \(it.id) has no auxC")
        })
    }
}

extension RuleID {
    /// `structure.heif.auxc-missing`, checked by this file's rule.
    package static let structureHEIFAuxCMissing = RuleID(rawValue: "structure.heif.auxc-missing")
}
