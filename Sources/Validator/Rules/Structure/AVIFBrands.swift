import AuxData
import Container

/// AVIF v1.1.0 §5: a file with AV1 image items lists one of AVIF's brands, `avif` (images),
/// `avis` (image sequences) or `avio` (intra-only sequences), by which readers know to take it
/// as AVIF. §7.2 and §7.3: a file that declares the Baseline profile (`MA1B`) holds AV1 Main
/// profile images of level 5.1 or lower, and one that declares the Advanced profile (`MA1A`)
/// Main or High profile images of level 6.0 or lower; a decoder that implements only the
/// declared profile cannot decode the others. The profile and level are the ones each item's
/// `av1C` declares (AV1 Annex A: seq_level_idx 13 is level 5.1, 16 is level 6.0).
struct AVIFBrands: Rule {
    let info = RuleInfo(
        .structureAVIFBrands, .error,
        Citation(.avif, "§5 (the avif, avis or avio brand); §7.2 Baseline and §7.3 Advanced profiles (AV1 profile and level)"),
        summary: "A file with AV1 image items lists avif, avis or avio, and its items keep to the AVIF profile (MA1B, MA1A) it declares.",
        fix: "Add avif to ftyp's compatible brands, or remove the profile brand the images do not keep to.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let items = file.items
        let av1 = items.indices.filter { items[$0].type == BMFF.BoxType.av01 }
        guard !av1.isEmpty else { return .notApplicable }
        let t = file.fileType
        let brands = [t.majorBrand] + t.compatibleBrands
        var findings: [RuleFinding] = []
        if !brands.contains(where: { ["avif", "avis", "avio"].contains($0) }) {
            findings.append(info.finding(0, "ftyp", "AV1 image items, but the brands \(brands.map { "'\($0)'" }.joined(separator: ", ")) include none of 'avif', 'avis' and 'avio'"))
        }
        let profiles: [(FourCC, String, UInt8, UInt8)] = [("MA1B", "Baseline", 0, 13), ("MA1A", "Advanced", 1, 16)]
        for (brand, name, maxProfile, maxLevel) in profiles where t.compatibleBrands.contains(brand) {
            for i in av1 {
                guard let c = items[i].av1C, c.seqProfile > maxProfile || c.seqLevelIdx0 > maxLevel else { continue }
                findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                             "item \(items[i].id) is AV1 profile \(c.seqProfile) at seq_level_idx \(c.seqLevelIdx0); the \(name) profile ('\(brand)') allows profile \(maxProfile == 0 ? "0 (Main)" : "0 or 1 (Main, High)") up to seq_level_idx \(maxLevel)"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.avif.brands`, checked by this file's rule.
    package static let structureAVIFBrands = RuleID(rawValue: "structure.avif.brands")
}
