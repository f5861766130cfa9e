import AuxData

/// A matte is the photo's subject mask at reduced size (half the linear size in Apple's
/// files); it must keep the photo's aspect ratio in the stored frame.
struct MatteAspectMismatch: Rule {
    let info = RuleInfo(
        .matteAspectMismatch, .warning,
        Citation(.appleMatte, "applyingExifOrientation(_:): the matte is stored in the image's frame"),
        summary: "A matte has the primary's aspect ratio in the same frame, to one pixel.",
        fix: "Scale the matte from the photo's stored frame without cropping.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let mattes = photo.auxImages.filter { $0.kind.isMatte && $0.width != nil && $0.height != nil }
        guard !mattes.isEmpty, photo.primary.width > 0, photo.primary.height > 0 else { return .notApplicable }
        return .from(Aspect.mismatches(mattes, primary: photo.primary, rule: info))
    }
}

extension RuleID {
    /// `matte.aspect-mismatch`, checked by this file's rule.
    package static let matteAspectMismatch = RuleID(rawValue: "matte.aspect-mismatch")
}
