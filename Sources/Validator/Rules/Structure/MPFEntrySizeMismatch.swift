import AuxData
import Container

/// Readers that copy an image by its declared size cut it short or take bytes of the next one.
/// iOS 12 cameras write a wrong primary size, which no reader uses (the primary starts at 0):
/// for entry 1 the finding is a note.
struct MPFEntrySizeMismatch: Rule {
    let info = RuleInfo(
        .structureMPFEntrySizeMismatch, .error, Citation(.mpf, "§5.2.3.3.2 individual image size: the size of the individual image, SOI to EOI"),
        summary: "Each MP entry's size equals its image's length from SOI to EOI.",
        fix: "Write each entry's size as the image's byte length. (iPhone X files get the primary's size wrong; readers locate images by offset.)",
        severityNote: "a note for entry 1, the primary: readers find it at offset 0 and read it to its EOI whatever its size says, and iOS 12 cameras (iPhone X, XS) declare it short")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        // The secondary images in entry order, each read once, then the primary, whose end is
        // known only once the secondaries are located.
        let secondaries = file.images.dropFirst().filter { $0.sameStartAs == nil }
        let findings = (secondaries + file.images.prefix(1)).compactMap { image -> RuleFinding? in
            // CIPA DC-007 §5.2.3.3.2: the size counts from SOI to EOI.
            guard let actual = image.actualSize, Int64(actual) != Int64(image.entry.size) else { return nil }
            // The primary is found at offset 0 and read to its EOI whatever entry 1 says, and
            // iOS 12 cameras (iPhone X, XS) declare it short: a note, as a known writer's habit.
            if image.entry.number == 1 {
                return info.finding(image.entry.sizeFieldOffset, image.entry.path,
                                    "declared size \(image.entry.size), actual \(actual) (the primary; readers locate it at offset 0)",
                                    severity: .note)
            }
            return info.finding(image.entry.sizeFieldOffset, image.entry.path,
                                "declared size \(image.entry.size), actual \(actual)")
        }
        return MPFStructure.outcome(findings, file)
    }
}

extension RuleID {
    /// `structure.mpf.entry-size-mismatch`, checked by this file's rule.
    package static let structureMPFEntrySizeMismatch = RuleID(rawValue: "structure.mpf.entry-size-mismatch")
}
