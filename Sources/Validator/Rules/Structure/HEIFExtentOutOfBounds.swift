import AuxData
import Container

extension ReaderProblemRule {
    /// An extent past the end of the file means the item's data (a depth map, its XMP) is missing.
    static let heifExtentOutOfBounds = ReaderProblemRule(
        RuleInfo(.structureHEIFIlocExtentOutOfBounds, .error, Citation(.isobmff, "§8.11.3 iloc (extents locate item data)"),
                 summary: "Every iloc extent lies inside the file (or inside idat).",
                 fix: "Rewrite iloc offsets and lengths to point at the item data that exists."),
        codes: [.ilocExtentPastEnd, .itemDataUnavailable],
        container: .heif)
}

extension RuleID {
    /// `structure.heif.iloc-extent-out-of-bounds`, checked by this file's rule.
    package static let structureHEIFIlocExtentOutOfBounds = RuleID(rawValue: "structure.heif.iloc-extent-out-of-bounds")
}
