import AuxData
import Container

/// A reader applies an item's transformative properties in `ipma` order to the image `ispe`
/// sizes. ISO/IEC 23008-12 §6.5.3.1 has every image item associated with its `ispe` before any
/// transformative property, in every HEIF file; MIAF fixes the transforms' order too so that
/// every reader gets the same picture: `clap`, `irot`, `imir` (ISO/IEC 23000-22 §7.3.6.7),
/// judged for files that declare the `miaf` brand.
struct HEIFPropertyOrder: Rule {
    /// The MIAF order of the transformative properties: `clap`, `irot`, `imir`, as ranks
    /// compared in place (every property of every item of a file is ranked).
    static func rank(_ type: FourCC) -> Int? {
        switch type {
        case BMFF.BoxType.clap: 0
        case BMFF.BoxType.irot: 1
        case BMFF.BoxType.imir: 2
        default: nil
        }
    }

    let info = RuleInfo(
        .structureHEIFPropertyOrder, .error,
        Citation(.miaf, "§7.3.6.7 clap, irot, imir in that order; ISO/IEC 23008-12:2022 §6.5.3.1 ispe before transformative properties"),
        summary: "Each item's ipma lists ispe before any transformative property, and in a MIAF file the transforms as clap, irot, imir.",
        fix: "Reorder the item's ipma associations: ispe first, then clap, irot, imir.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let miaf = file.fileType.compatibleBrands.contains("miaf") || file.fileType.majorBrand == "miaf"
        var findings: [RuleFinding] = []
        let items = file.items
        for i in items.indices { problems(items[i].id, items[i].properties, miaf: miaf, into: &findings) }
        return .from(findings)
    }

    /// Indexed: every item of every file is looked at, and copying a property to look at its
    /// type retains all it holds.
    func problems(_ id: UInt32, _ properties: SubList<HEIF.AssociatedProperty>, miaf: Bool, into out: inout [RuleFinding]) {
        var seenISPE = false
        let hasISPE = properties.indices.contains { properties[$0].type == BMFF.BoxType.ispe }
        var last: (type: FourCC, rank: Int)?
        for k in properties.indices {
            let type = properties[k].type
            if type == BMFF.BoxType.ispe { seenISPE = true }
            guard let r = Self.rank(type) else { continue }
            let at = properties[k].associationOffset
            let path = "meta/iprp/ipma/item[\(id)]"
            if !seenISPE, hasISPE {
                out.append(info.finding(at, path, "item \(id): \(type) comes before ispe; ispe precedes every transformative property"))
            }
            if miaf, let l = last, l.rank > r {
                out.append(info.finding(at, path, "item \(id): \(type) comes after \(l.type); transforms are listed as clap, irot, imir"))
            }
            last = (type, r)
        }
    }
}

extension RuleID {
    /// `structure.heif.property-order`, checked by this file's rule.
    package static let structureHEIFPropertyOrder = RuleID(rawValue: "structure.heif.property-order")
}
