import AuxData

/// A clean aperture on an aux item crops the map separately from the photo; ImageIO writes
/// none, and readers that ignore it and readers that apply it then disagree. HEIF allows a
/// clap on any item: a note, the grade of a vendor's convention.
struct AuxCleanAperture: Rule {
    let info = RuleInfo(
        .geometryAuxClap, .note,
        Citation(.heif, "§6.5.9 clap (allowed on any image item); ImageIO's practice: none on aux items"),
        summary: "Aux items carry no clean aperture (clap) of their own.",
        fix: "Remove the clap property from the aux item; crop with the primary's clap when displaying.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.container == .heif, !photo.auxImages.isEmpty else { return .notApplicable }
        return .from(photo.auxImages.compactMap { a in
            guard let c = a.geometry.transforms.cleanAperture else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "\(a.kind.rawValue) item \(a.index) is cropped to \(NumberText.short(c.width))×\(NumberText.short(c.height))")
        })
    }
}

extension RuleID {
    /// `geometry.aux.clap`, checked by this file's rule.
    package static let geometryAuxClap = RuleID(rawValue: "geometry.aux.clap")
}
