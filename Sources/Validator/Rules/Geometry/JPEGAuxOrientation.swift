import AuxData

/// JPEG aux images have no orientation of their own: they are stored in the primary's frame
/// and take the primary's Exif Orientation (AVDepthData applyingExifOrientation(_:)). An aux image that declares a
/// different orientation contradicts the frame it is stored in.
struct JPEGAuxOrientation: Rule {
    let info = RuleInfo(
        .geometryJPEGAuxOrientation, .warning,
        Citation(.appleDepth, "AVDepthData applyingExifOrientation(_:): a map has no orientation of its own and takes the image's"),
        summary: "A JPEG aux image declares no Exif orientation other than the primary's.",
        fix: "Drop the Exif segment from the aux image, or rotate the pixels and the primary's orientation together.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.container == .jpeg, !photo.auxImages.isEmpty else { return .notApplicable }
        let p = photo.primary.orientation ?? 1
        return .from(photo.auxImages.compactMap { a in
            guard let o = a.geometry.orientation, o != p else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "aux image \(a.index) has Exif Orientation \(o) but the primary has \(p)")
        })
    }
}

extension RuleID {
    /// `geometry.jpeg.aux-orientation`, checked by this file's rule.
    package static let geometryJPEGAuxOrientation = RuleID(rawValue: "geometry.jpeg.aux-orientation")
}
