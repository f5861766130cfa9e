import AuxData
import Container

/// An entity group whose group_id is an item's ID, or another group's, makes every reference
/// to that ID ambiguous: `ipma` gives properties to items and entity groups by that one ID
/// (ISO/IEC 23008-12 §9.3.1), so a reader gives the group's properties to the item (libheif
/// then finds a second `ipma` entry, or none, for it). ISO/IEC 14496-12 §8.18.3: "group_id
/// ... shall not be equal to any other group_id, any item_ID, or any track_ID".
struct HEIFGroupIDCollision: Rule {
    let info = RuleInfo(
        .structureHEIFGroupIDCollision, .error,
        Citation(.isobmff, "§8.18.3 EntityToGroupBox (group_id differs from every item_ID and other group_id)"),
        summary: "Every entity group's group_id differs from every item ID and every other group's.",
        fix: "Give the entity group an ID that no item and no other group uses.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let groups = file.entityGroups
        guard !groups.isEmpty else { return .notApplicable }
        let items = Set(file.items.map(\.id))
        var findings: [RuleFinding] = []
        var seen: [UInt32: BMFF.EntityToGroupBox] = [:]
        for g in groups {
            let path = "meta/grpl/\(g.groupingType)"
            if items.contains(g.groupID) {
                findings.append(info.finding(g.offset, path, "'\(g.groupingType)' group_id \(g.groupID) is also an item's ID"))
            }
            if let first = seen[g.groupID] {
                findings.append(info.finding(g.offset, path,
                                             "'\(g.groupingType)' group_id \(g.groupID) is also the ID of the '\(first.groupingType)' group at offset \(first.offset)"))
            } else {
                seen[g.groupID] = g
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.group-id-collision`, checked by this file's rule.
    package static let structureHEIFGroupIDCollision = RuleID(rawValue: "structure.heif.group-id-collision")
}
