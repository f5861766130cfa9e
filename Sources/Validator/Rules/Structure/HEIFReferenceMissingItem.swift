import AuxData
import Container

/// An auxl to a missing item leaves an aux image without its master (libheif refuses such
/// files). ISO/IEC 14496-12 §8.11.12.1 (references) and §8.11.14.1 (associations) name items
/// that `iinf` declares; ISO/IEC 23008-12 §9.3.1 lets an `ipma` entry name an entity group
/// (`grpl`, §8.18.3 group_id) instead, to give the group properties.
struct HEIFReferenceMissingItem: Rule {
    let info = RuleInfo(
        .structureHEIFIrefMissingItem, .error, Citation(.isobmff, "§8.11.12 iref (references name existing items)"),
        summary: "Item references and property associations name items that exist.",
        fix: "Remove references to items that are not declared in iinf, or add the items.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // Item IDs iinf declares are looked up in the item graph's table; repeated entries and
        // entity groups are few (none in most files).
        let repeatedIDs = file.graph.repeatedItems.map(\.itemID)
        let groups = file.entityGroups.map(\.groupID)
        func declared(_ id: UInt32) -> Bool { file.graph.contains(id) || repeatedIDs.contains(id) }
        var findings: [RuleFinding] = []
        IPMAEntries.forEach(file.graph) { e, repeated in
            guard !repeated, !declared(e.itemID), !groups.contains(e.itemID) else { return }
            findings.append(info.finding(e.offset, IPMAEntries.path(e), "ipma entry for item \(e.itemID), which iinf does not declare"))
        }
        for ref in file.references {
            func missing(_ id: UInt32) {
                guard !file.graph.contains(id) else { return }
                findings.append(info.finding(ref.offset, "meta/iref/\(ref.type)",
                                             "'\(ref.type)' from \(ref.fromItemID) names item \(id), which does not exist"))
            }
            missing(ref.fromItemID)
            ref.toItemIDs.forEach(missing)
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.iref-missing-item`, checked by this file's rule.
    package static let structureHEIFIrefMissingItem = RuleID(rawValue: "structure.heif.iref-missing-item")
}
