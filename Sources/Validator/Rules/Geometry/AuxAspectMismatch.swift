import AuxData

/// Depth and gain maps cover the whole photo: downscaled, never cropped, in the primary's
/// stored (untransformed) frame. A different aspect ratio means the map is stretched or
/// rotated against the photo (iPhone files: 4032×3024 with a 768×576 disparity map). An alpha
/// plane covers the photo too (libheif applies one only at the photo's size), so it gets the
/// same check. An XDM 1.0 depth map belongs to its own camera of `Device:Cameras`, which
/// carries its own imaging model (a depth sensor sees another field than the colour camera),
/// so it is not held to the primary's aspect.
struct AuxAspectMismatch: Rule {
    let info = RuleInfo(
        "geometry.aux.aspect-mismatch", .warning,
        Citation(.appleDepth, "AVDepthData applyingExifOrientation(_:): the map is stored in the image's unrotated frame"),
        summary: "Depth, disparity, gain-map and alpha images have the primary's aspect ratio in the same frame, to one pixel.",
        fix: "Scale the map from the photo's stored frame (before rotation and crop) without cropping.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter {
            ($0.kind.isDepthLike || $0.kind == .hdrGainMap || $0.kind == .alpha) && $0.xdmDepthMap == nil && $0.width != nil && $0.height != nil
        }
        guard !maps.isEmpty, photo.primary.width > 0, photo.primary.height > 0 else { return .notApplicable }
        return .from(Aspect.mismatches(maps, primary: photo.primary, rule: info))
    }
}
