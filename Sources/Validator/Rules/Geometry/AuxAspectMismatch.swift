import AuxData

/// Depth and gain maps cover the whole photo: downscaled, never cropped, in the primary's
/// stored (untransformed) frame. A different aspect ratio means the map is stretched or
/// rotated against the photo (FORMATS.md §3.1–3.2). An alpha plane covers the photo too
/// (libheif applies one only at the photo's size), so it gets the same check.
struct AuxAspectMismatch: Rule {
    let info = RuleInfo(
        "geometry.aux.aspect-mismatch", .warning,
        Citation(.observed, "§3.1: aux ispe keeps the primary ispe's aspect in the untransformed frame"),
        summary: "Depth, disparity, gain-map and alpha images have the primary's aspect ratio in the same frame, to one pixel.",
        fix: "Scale the map from the photo's stored frame (before rotation and crop) without cropping.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { ($0.kind.isDepthLike || $0.kind == .hdrGainMap || $0.kind == .alpha) && $0.width != nil && $0.height != nil }
        guard !maps.isEmpty, photo.primary.width > 0, photo.primary.height > 0 else { return .notApplicable }
        return .from(Aspect.mismatches(maps, primary: photo.primary, rule: info))
    }
}
