import AuxData
import Container

extension ReaderProblemRule {
    /// A box whose size lies makes every box after it unreadable, or reads another box's bytes as its own.
    static let heifBoxSizeInvalid = ReaderProblemRule(
        RuleInfo(.structureHEIFBoxSize, .error, Citation(.isobmff, "§4.2 (box size, largesize, size 0)"),
                 summary: "Every box's size covers at least its header and fits inside its parent and the file.",
                 fix: "Rewrite the box sizes; a box claims more bytes than its parent or the file holds, or fewer than its header."),
        codes: [.boxSizeSmallerThanHeader, .boxExceedsParent, .boxSizeZeroInside],
        container: .heif)
}

extension RuleID {
    /// `structure.heif.box-size`, checked by this file's rule.
    package static let structureHEIFBoxSize = RuleID(rawValue: "structure.heif.box-size")
}
