import AuxData
import Container

/// With two MP indexes a reader cannot know which offsets to trust.
struct MPFDuplicateIndex: Rule {
    let info = RuleInfo(
        .structureMPFDuplicateIndex, .error, Citation(.mpf, "§5.2 (one MP Index IFD in the first image's APP2)"),
        summary: "The primary image has exactly one APP2 MPF segment.",
        fix: "Remove the extra APP2 \"MPF\" segments.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        // CIPA DC-007 §5.2.1: one APP2 MPF segment per image; readers use the first.
        let findings = MPFStructure.readImages(file).flatMap { image in
            image.mpfIndexes.dropFirst().map { index in
                let segment = MPFStructure.segment(holding: index, in: image)
                return info.finding(segment?.offset ?? index.tiffHeaderOffset, segment?.path ?? index.path,
                                    "a second APP2 MPF segment")
            }
        }
        return MPFStructure.outcome(findings, file)
    }
}

extension RuleID {
    /// `structure.mpf.duplicate-index`, checked by this file's rule.
    package static let structureMPFDuplicateIndex = RuleID(rawValue: "structure.mpf.duplicate-index")
}
