import AuxData
import Container

/// Each individual image is a complete JPEG stream from SOI to EOI; overlap means one stream corrupts another.
extension ParseIssueRule {
    static let mpfImagesOverlap = ParseIssueRule(
        RuleInfo("structure.mpf.images-overlap", .error, Citation(.mpf, "§5.2.3.3.2 individual image size"),
                 summary: "MP images do not overlap, and each image ends (FF D9) where the next begins.",
                 fix: "Lay the images out one after another, each from its SOI to its EOI."),
        codes: [.mpfImagesOverlap, .mpfPreviousImageNotEnded],
        container: .jpeg, applies: { $0.facts.hasMPF })
}
