import AuxData
import Container

/// A property index past ipco gives the item a property that does not exist; readers drop or
/// misread it. ISO/IEC 23008-12 §9.3.2: property_index is 1-based into `ipco`, 0 means none
/// (and so cannot be essential); ISO/IEC 14496-12 §8.11.14.1: one entry per item.
struct HEIFPropertyIndexInvalid: Rule {
    let info = RuleInfo(
        .structureHEIFIpmaIndexOutOfRange, .error, Citation(.heif, "§9.3.2 ipma (property_index is 1-based into ipco)"),
        summary: "ipma property indices point inside ipco, an essential association is not index 0, and each item has one ipma entry.",
        fix: "Rewrite ipma so every index names an existing ipco property.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let count = file.properties.count
        var findings: [RuleFinding] = []
        IPMAEntries.forEach(file.graph) { e, repeated in
            var path: String { IPMAEntries.path(e) }  // made only for a finding
            if repeated {
                findings.append(info.finding(e.offset, path, "item \(e.itemID) has a second ipma entry; the first is used"))
                return
            }
            for a in e.associations {
                if a.propertyIndex == 0 && a.essential {
                    findings.append(info.finding(a.offset, path, "property index 0 (none) is marked essential"))
                } else if a.propertyIndex > count {
                    findings.append(info.finding(a.offset, path, "property index \(a.propertyIndex) but ipco has \(count)"))
                }
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.ipma-index-out-of-range`, checked by this file's rule.
    package static let structureHEIFIpmaIndexOutOfRange = RuleID(rawValue: "structure.heif.ipma-index-out-of-range")
}
