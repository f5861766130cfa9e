import AuxData
import Container

/// MIAF §7.2.1.2: a file that conforms to MIAF lists `mif1` (ISO/IEC 23008-12's image brand)
/// and `miaf` in its compatible brands; readers pick their parser by those brands. Judged for
/// files that declare `miaf`, as the major brand or a compatible one.
struct MIAFBrands: Rule {
    let info = RuleInfo(
        .structureHEIFMIAFBrands, .error,
        Citation(.miaf, "§7.2.1.2 compatible_brands contain 'mif1' and 'miaf'"),
        summary: "A file that declares MIAF lists mif1 and miaf among its compatible brands.",
        fix: "Add mif1 and miaf to ftyp's compatible brands.")

    static func declaresMIAF(_ t: BMFF.FileTypeBox) -> Bool {
        t.majorBrand == "miaf" || t.compatibleBrands.contains("miaf")
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, Self.declaresMIAF(file.fileType) else { return .notApplicable }
        let missing: [FourCC] = ["mif1", "miaf"].filter { !file.fileType.compatibleBrands.contains($0) }
        guard !missing.isEmpty else { return .passed }
        return .failed([info.finding(0, "ftyp",
                                     "compatible brands \(file.fileType.compatibleBrands.map { "'\($0)'" }.joined(separator: ", ")) lack \(missing.map { "'\($0)'" }.joined(separator: " and "))")])
    }
}

extension RuleID {
    /// `structure.heif.miaf-brands`, checked by this file's rule.
    package static let structureHEIFMIAFBrands = RuleID(rawValue: "structure.heif.miaf-brands")
}
