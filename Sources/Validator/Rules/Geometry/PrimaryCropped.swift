import AuxData

/// ImageIO does not copy the primary's clean aperture to aux items (seen in HEIC files ImageIO wrote):
/// the map covers the uncropped frame. Worth knowing when mapping depth onto displayed pixels.
struct PrimaryCropped: Rule {
    let info = RuleInfo(
        .geometryPrimaryCropped, .note,
        Citation(.heif, "§6.5.9 clap on the primary item; aux maps cover the uncropped frame, as ImageIO writes them"),
        summary: "When the primary is cropped (clap), aux maps cover the uncropped frame.",
        fix: "Nothing to fix: crop the map with the primary's clap when overlaying it.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let c = photo.primary.transforms.cleanAperture, !photo.auxImages.isEmpty else { return .notApplicable }
        return .failed([info.finding(photo.primary.location.offset, photo.primary.location.path,
                                     "primary \(photo.primary.width)×\(photo.primary.height) is cropped to \(NumberText.short(c.width))×\(NumberText.short(c.height)); aux maps cover the uncropped frame")])
    }
}

extension RuleID {
    /// `geometry.primary.cropped`, checked by this file's rule.
    package static let geometryPrimaryCropped = RuleID(rawValue: "geometry.primary.cropped")
}
