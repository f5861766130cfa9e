import AuxData
import Container

/// MPF readers check the version before trusting the entry layout, and size the index from NumberOfImages.
struct MPFVersionInvalid: Rule {
    let info = RuleInfo(
        "structure.mpf.version", .error, Citation(.mpf, "§5.2.3.1 MPFVersion, §5.2.3.2 NumberOfImages"),
        summary: "The MP Index IFD has MPFVersion \"0100\" and a NumberOfImages tag.",
        fix: "Write MPFVersion (B000) as the four bytes \"0100\" and NumberOfImages (B001).")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [Finding] = []
        for index in MPFStructure.indexes(file) {
            // CIPA DC-007 §5.2.3.1.1: MPFVersion is UNDEFINED, count 4, "0100".
            if let version = index.version, version != "0100", let tag = index.indexIFD.entry(MPF.Index.versionTag) {
                out.append(info.finding(tag.offset, index.path, "MPFVersion \(version)"))
            }
            // §5.2.3.1.2: NumberOfImages is one LONG; every MP Index IFD, stubs included, has it.
            if index.numberOfImages == nil {
                out.append(info.finding(index.indexIFD.offset, index.path, "no LONG NumberOfImages (B001) in the MP Index IFD"))
            }
        }
        return MPFStructure.outcome(out, file)
    }
}
