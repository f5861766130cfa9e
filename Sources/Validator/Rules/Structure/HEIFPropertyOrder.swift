import AuxData
import Container

/// A reader applies an item's transformative properties in `ipma` order to the image `ispe`
/// sizes; MIAF fixes that order so that every reader gets the same picture: `ispe` before any
/// transform, then `clap`, `irot`, `imir`. ISO/IEC 23000-22 §7.3.6.7. Judged for files that
/// declare the `miaf` brand.
struct HEIFPropertyOrder: Rule {
    /// The MIAF order of the transformative properties, by position (a list, not a dictionary
    /// keyed by `FourCC`: see `BMFF.BoxType.imageItemTypeList`).
    static let order: [FourCC] = [BMFF.BoxType.clap, BMFF.BoxType.irot, BMFF.BoxType.imir]

    let info = RuleInfo(
        "structure.heif.property-order", .error,
        Citation(.miaf, "§7.3.6.7 ispe before transformative properties; clap, irot, imir in that order"),
        summary: "In a MIAF file, each item's ipma lists ispe before any transformative property, and the transforms as clap, irot, imir.",
        fix: "Reorder the item's ipma associations: ispe first, then clap, irot, imir.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, file.fileType.compatibleBrands.contains("miaf") || file.fileType.majorBrand == "miaf"
        else { return .notApplicable }
        return .from(file.items.flatMap { problems($0) })
    }

    func problems(_ it: HEIF.Item) -> [Finding] {
        var out: [Finding] = []
        var seenISPE = false
        var last: (type: FourCC, rank: Int)?
        for p in it.properties {
            if p.type == BMFF.BoxType.ispe { seenISPE = true }
            guard let r = Self.order.firstIndex(of: p.type) else { continue }
            let path = "meta/iprp/ipma/item[\(it.id)]"
            if !seenISPE, it.properties.contains(where: { $0.type == BMFF.BoxType.ispe }) {
                out.append(info.finding(p.associationOffset, path, "item \(it.id): \(p.type) comes before ispe; ispe precedes every transformative property"))
            }
            if let l = last, l.rank > r {
                out.append(info.finding(p.associationOffset, path, "item \(it.id): \(p.type) comes after \(l.type); transforms are listed as clap, irot, imir"))
            }
            last = (p.type, r)
        }
        return out
    }
}
