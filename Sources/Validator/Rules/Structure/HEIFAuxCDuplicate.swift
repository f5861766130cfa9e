import AuxData
import Container

/// Two auxC types make the item's kind ambiguous. ISO/IEC 23008-12 §6.5.8: the property
/// names the one type of an auxiliary image.
struct HEIFAuxCDuplicate: Rule {
    let info = RuleInfo(
        .structureHEIFAuxCDuplicate, .error, Citation(.heif, "§6.5.8 auxC (one per auxiliary image)"),
        summary: "An aux item has exactly one auxC property.",
        fix: "Remove the extra auxC association from the item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        var findings: [RuleFinding] = []
        let properties = file.properties
        IPMAEntries.forEach(file.graph) { e, repeated in
            guard !repeated else { return }
            var first = true
            for a in e.associations where a.propertyIndex > 0 && a.propertyIndex <= properties.count
                && properties[a.propertyIndex - 1].type == BMFF.BoxType.auxC {
                if first { first = false; continue }
                findings.append(info.finding(a.offset, IPMAEntries.path(e),
                                             "item \(e.itemID) has a second auxC (property \(a.propertyIndex))"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.auxc-duplicate`, checked by this file's rule.
    package static let structureHEIFAuxCDuplicate = RuleID(rawValue: "structure.heif.auxc-duplicate")
}
