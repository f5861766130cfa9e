import AuxData
import Container

/// MIAF §7.3.6.5: every MIAF image has square pixels, 1:1; a `pasp` property (ISO/IEC
/// 14496-12 §12.1.4) of any other ratio asks readers to stretch the image, which MIAF readers
/// need not do. Judged for files that declare `miaf`.
struct MIAFPixelAspect: Rule {
    let info = RuleInfo(
        .structureHEIFMIAFPixelAspect, .error,
        Citation(.miaf, "§7.3.6.5 pixel aspect ratio 1:1 (pasp)"),
        summary: "In a MIAF file, every image's pasp, when it has one, says square pixels (1:1).",
        fix: "Resample the image to square pixels and remove the pasp property, or write it as 1:1.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType) else { return .notApplicable }
        let items = file.items
        var findings: [RuleFinding] = []
        var applies = false
        for i in items.indices where items[i].isImage {
            for p in items[i].properties {
                guard case .pasp(let ratio) = p.value else { continue }
                applies = true
                guard !ratio.isSquare else { continue }
                let place = AssociatedPropertyPlace(p)
                findings.append(info.finding(place.offset, place.path,
                                             "item \(items[i].id): pasp says \(ratio.hSpacing):\(ratio.vSpacing), not square"))
            }
        }
        return applies ? .from(findings) : .notApplicable
    }
}

extension RuleID {
    /// `structure.heif.miaf-pixel-aspect`, checked by this file's rule.
    package static let structureHEIFMIAFPixelAspect = RuleID(rawValue: "structure.heif.miaf-pixel-aspect")
}
