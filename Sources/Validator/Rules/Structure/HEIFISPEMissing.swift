import AuxData
import Container

/// ispe gives the image size before decoding; without it readers cannot size the depth map or
/// check its aspect. ISO/IEC 23008-12 §6.5.3.1: every image item shall be associated with one.
struct HEIFISPEMissing: Rule {
    let info = RuleInfo(
        "structure.heif.ispe-missing", .error, Citation(.heif, "§6.5.3.1 ispe (every image item shall have ispe)"),
        summary: "Every image item has an ispe property.",
        fix: "Associate an ispe with the image's width and height with every image item.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        return .from(file.items.filter { $0.isImage && !$0.hasProperty(BMFF.BoxType.ispe) }.map { it in
            info.finding(it.infeOffset, "meta/iinf/item[\(it.id)]", "image item \(it.id) ('\(it.type)') has no ispe")
        })
    }
}
