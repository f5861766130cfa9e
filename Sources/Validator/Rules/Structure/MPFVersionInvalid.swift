import AuxData
import Container

/// MPF readers check the version before trusting the entry layout, and size the index from
/// NumberOfImages. Images 2..n whose MP Extensions hold only an MP Attribute IFD (CIPA DC-007
/// §5.2.3, as stereo cameras write their second view) have no MP Index IFD to hold it.
struct MPFVersionInvalid: Rule {
    let info = RuleInfo(
        .structureMPFVersion, .error, Citation(.mpf, "§5.2.3.1 MPFVersion, §5.2.3.2 NumberOfImages"),
        summary: "The MP Index IFD has MPFVersion \"0100\" and a NumberOfImages tag.",
        fix: "Write MPFVersion (B000) as the four bytes \"0100\" and NumberOfImages (B001).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [RuleFinding] = []
        let primaryCount = file.primary.mpfIndexes.count
        for (i, index) in MPFStructure.indexes(file).enumerated() {
            // §5.2.3: images 2..n may hold only an MP Attribute IFD (no MP Index tags), as
            // stereo and multi-view cameras write them; MPFVersion, if there, is still judged.
            let attributesOnly = i >= primaryCount && index.isStub && index.indexIFD.entry(MPF.Index.numberOfImagesTag) == nil
            // CIPA DC-007 §5.2.3.1.1: MPFVersion is UNDEFINED, count 4, "0100".
            if let version = index.version, version != "0100", let tag = index.indexIFD.entry(MPF.Index.versionTag) {
                out.append(info.finding(tag.offset, index.path, "MPFVersion \(version)"))
            }
            // §5.2.3.1.2: NumberOfImages is one LONG; every MP Index IFD, stubs included, has it.
            if index.numberOfImages == nil, !attributesOnly {
                out.append(info.finding(index.indexIFD.offset, index.path, "no LONG NumberOfImages (B001) in the MP Index IFD"))
            }
        }
        return MPFStructure.outcome(out, file)
    }
}

extension RuleID {
    /// `structure.mpf.version`, checked by this file's rule.
    package static let structureMPFVersion = RuleID(rawValue: "structure.mpf.version")
}
