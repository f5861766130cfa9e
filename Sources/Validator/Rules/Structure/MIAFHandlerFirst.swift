import AuxData
import Container

/// MIAF §7.2.1.1: the HandlerBox is the first box of the MetaBox, so that a reader knows what
/// the box describes before it reads the rest. Judged for files that declare the `miaf` brand.
struct MIAFHandlerFirst: Rule {
    let info = RuleInfo(
        .structureHEIFMIAFHandlerNotFirst, .error,
        Citation(.miaf, "§7.2.1.1 the HandlerBox is the first contained box within the MetaBox"),
        summary: "In a MIAF file, hdlr is the first box of meta.",
        fix: "Write hdlr first in meta.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType) else { return .notApplicable }
        guard let first = file.meta.firstChild else { return .notApplicable }
        guard first.type != BMFF.BoxType.hdlr else { return .passed }
        return .failed([info.finding(first.offset, "meta/\(first.type)", "meta's first box is '\(first.type)', not 'hdlr'")])
    }
}

extension RuleID {
    /// `structure.heif.miaf-handler-not-first`, checked by this file's rule.
    package static let structureHEIFMIAFHandlerNotFirst = RuleID(rawValue: "structure.heif.miaf-handler-not-first")
}
