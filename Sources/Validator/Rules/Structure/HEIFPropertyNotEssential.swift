import AuxData

/// A reader that skips a property it does not understand must not skip one that changes the
/// decoded image: decoder configurations and transformative properties carry the essential
/// bit, so a reader that cannot apply them refuses the item instead of showing it wrong.
struct HEIFPropertyNotEssential: Rule {
    let info = RuleInfo(
        "structure.heif.property-not-essential", .warning,
        Citation(.heif, "§9.3.2 ipma essential; ISO/IEC 23000-22 (MIAF) §7.3.9: transformative properties essential"),
        summary: "hvcC, av1C, irot, imir and clap are associated with the essential bit set.",
        fix: "Set the essential bit on the ipma associations of decoder configurations and transforms.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.container == .heif else { return .notApplicable }
        return .from(photo.facts.nonEssentialProperties.map { at in
            info.finding(at.offset, at.path, "\(at.path) is not marked essential")
        })
    }
}
