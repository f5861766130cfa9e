import AuxData
import Container

/// A property an item takes once, associated twice: ISO/IEC 23008-12 gives each property a
/// quantity per item, at most one `pixi` (§6.5.6), `clap` (§6.5.9), `irot` (§6.5.10),
/// `imir` (§6.5.12) and `pasp` (§6.5.4), exactly one `ispe` (§6.5.3) and decoder
/// configuration (`hvcC`, Annex B), and at most one `colr` of each kind, one of coded
/// colour properties (nclx) and one ICC profile (rICC, prof) (§6.5.5). Two rotations or
/// two sizes leave the reader to pick one (libheif refuses: "Multiple irot, imir, or clap
/// properties associated with one item"). `auxC` is `structure.heif.auxc-duplicate`'s, `av1C`
/// `structure.avif.av1c-mismatch`'s.
struct HEIFPropertyRepeated: Rule {
    let info = RuleInfo(
        .structureHEIFPropertyRepeated, .error,
        Citation(.heif, "§6.5.3 ispe, §6.5.4 pasp, §6.5.5 colr, §6.5.6 pixi, §6.5.9 clap, §6.5.10 irot, §6.5.12 imir, Annex B hvcC (quantity per item)"),
        summary: "No item is associated with two ispe, pixi, clap, irot, imir, pasp or hvcC properties, or two colr of one kind.",
        fix: "Associate each of these properties once with the item, dropping the repeats.")

    /// The property types an item takes at most once.
    static let once: [FourCC] = [BMFF.BoxType.ispe, BMFF.BoxType.pixi, BMFF.BoxType.clap, BMFF.BoxType.irot,
                                 BMFF.BoxType.imir, "pasp", BMFF.BoxType.hvcC]

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let items = file.items
        var findings: [RuleFinding] = []
        for i in items.indices {
            var seen: [String: Int] = [:]
            for p in items[i].properties {
                let kind: String
                if case .colr(let c) = p.value {
                    switch c.value {
                    case .nclx: kind = "colr (nclx)"
                    case .icc: kind = "colr (ICC profile)"
                    case .unknown: kind = "colr ('\(c.colourType)')"
                    }
                } else if Self.once.contains(p.type) {
                    kind = "\(p.type)"
                } else {
                    continue
                }
                seen[kind, default: 0] += 1
                guard seen[kind] == 2 else { continue }
                let place = AssociatedPropertyPlace(p)
                findings.append(info.finding(place.offset, place.path, "item \(items[i].id) is associated with a second \(kind)"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.property-repeated`, checked by this file's rule.
    package static let structureHEIFPropertyRepeated = RuleID(rawValue: "structure.heif.property-repeated")
}
