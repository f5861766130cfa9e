import AuxData
import Container

/// ispe gives the image size before decoding; without it readers cannot size the depth map or
/// check its aspect. ISO/IEC 23008-12 §6.5.3.1: every image item shall be associated with one.
struct HEIFISPEMissing: Rule {
    let info = RuleInfo(
        .structureHEIFISPEMissing, .error, Citation(.heif, "§6.5.3.1 ispe (every image item shall have ispe)"),
        summary: "Every image item has exactly one ispe property.",
        fix: "Associate an ispe with the image's width and height with every image item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // Indexed: every item of every file is looked at, read in place rather than copied.
        let items = file.items
        var findings: [RuleFinding] = []
        for i in items.indices where items[i].isImage {
            let n = items[i].properties.indices.filter { items[i].properties[$0].type == BMFF.BoxType.ispe }.count
            guard n != 1 else { continue }
            // "one": a second ispe leaves the size ambiguous (readers take different ones).
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         n == 0 ? "image item \(items[i].id) ('\(items[i].type)') has no ispe"
                                                : "image item \(items[i].id) ('\(items[i].type)') has \(n) ispe properties"))
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.ispe-missing`, checked by this file's rule.
    package static let structureHEIFISPEMissing = RuleID(rawValue: "structure.heif.ispe-missing")
}
