import AuxData
import Container

/// The first individual image is the file's own SOI, whose offset the specification fixes at 0.
struct MPFFirstEntryOffset: Rule {
    let info = RuleInfo(
        .structureMPFFirstEntryOffset, .error, Citation(.mpf, "§5.2.3.3.3 individual image data offset"),
        summary: "The first MP entry (the primary image) has data offset 0.",
        fix: "Write 0 as the first entry's offset; the primary starts at the file's SOI.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [RuleFinding] = []
        // CIPA DC-007 §5.2.3.3.3: the first image's offset is 0.
        if let first = file.images.first?.entry, first.imageOffset != 0 {
            out.append(info.finding(first.offsetFieldOffset, first.path, "first image offset \(first.imageOffset), expected 0"))
        }
        return MPFStructure.outcome(out, file)
    }
}

extension RuleID {
    /// `structure.mpf.first-entry-offset`, checked by this file's rule.
    package static let structureMPFFirstEntryOffset = RuleID(rawValue: "structure.mpf.first-entry-offset")
}
