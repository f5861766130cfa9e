import AuxData
import Container

/// A reader that skips a property it does not understand must not skip one that changes the
/// decoded image: decoder configurations and transformative properties carry the essential
/// bit, so a reader that cannot apply them refuses the item instead of showing it wrong.
struct HEIFPropertyNotEssential: Rule {
    let info = RuleInfo(
        "structure.heif.property-not-essential", .warning,
        Citation(.miaf, "§7.3.6.7 (transformative properties are essential); ISO/IEC 23008-12 Annex B.2.3.1 (hvcC is essential)"),
        summary: "hvcC, av1C, irot, imir and clap are associated with the essential bit set.",
        fix: "Set the essential bit on the ipma associations of decoder configurations and transforms.")

    /// Decoder configurations and transforms (ISO/IEC 23008-12 §6.5.1).
    static let mustBeEssential: Set<FourCC> = [BMFF.BoxType.hvcC, BMFF.BoxType.av1C, BMFF.BoxType.irot,
                                               BMFF.BoxType.imir, BMFF.BoxType.clap]

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        return .from(file.items.filter(\.isImage).flatMap { item in
            item.properties.filter { !$0.essential && Self.mustBeEssential.contains($0.type) }.map { p in
                let path = "meta/iprp/ipco[\(p.index)]:\(p.type) of item \(item.id)"
                return info.finding(p.range.lowerBound, path, "\(path) is not marked essential")
            }
        })
    }
}
