import AuxData
import Container

/// Depth and gain maps cover the whole photo: downscaled, never cropped, in the primary's
/// stored (untransformed) frame. A different aspect ratio means the map is stretched or
/// rotated against the photo (iPhone files: 4032×3024 with a 768×576 disparity map). An alpha
/// plane covers the photo too (libheif applies one only at the photo's size), so it gets the
/// same check. An XDM 1.0 depth map belongs to its own camera of `Device:Cameras`, which
/// carries its own imaging model (a depth sensor sees another field than the colour camera),
/// so it is not held to the primary's aspect. An aux image whose `auxl` names items other than
/// the primary (an alpha plane per tile of a grid, ISO/IEC 23008-12 §6.6.2.3) covers those
/// items, and is held to its first master's ispe.
struct AuxAspectMismatch: Rule {
    let info = RuleInfo(
        .geometryAuxAspectMismatch, .warning,
        Citation(.appleDepth, "AVDepthData applyingExifOrientation(_:): the map is stored in the image's unrotated frame"),
        summary: "Depth, disparity, gain-map and alpha images have the primary's aspect ratio in the same frame, to one pixel.",
        fix: "Scale the map from the photo's stored frame (before rotation and crop) without cropping.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter {
            ($0.kind.isDepthLike || $0.kind == .hdrGainMap || $0.kind == .alpha) && $0.xdmDepthMap == nil && $0.width != nil && $0.height != nil
        }
        guard !maps.isEmpty, photo.primary.width > 0, photo.primary.height > 0 else { return .notApplicable }
        var ofPrimary: [ParsedAuxImage] = []
        var findings: [RuleFinding] = []
        for a in maps {
            guard case .heif(let file) = photo.structure, let primary = file.primaryItemID,
                  let first = a.geometry.masters.first, !a.geometry.masters.contains(where: { UInt32(exactly: $0) == primary }),
                  let id = UInt32(exactly: first), let s = file.ispe(of: id), let w = a.width, let h = a.height,
                  let sw = Int(exactly: s.width), let sh = Int(exactly: s.height) else {
                ofPrimary.append(a)
                continue
            }
            if !Aspect.matches(width: w, height: h, frameWidth: sw, frameHeight: sh) {
                findings.append(info.finding(a.location.offset, a.location.path,
                                             "\(a.kind.rawValue) image \(a.index) is \(Aspect.ratio(w, h)) but item \(id), which it belongs to, is \(Aspect.ratio(sw, sh))"))
            }
        }
        return .from(Aspect.mismatches(ofPrimary, primary: photo.primary, rule: info) + findings)
    }
}

extension RuleID {
    /// `geometry.aux.aspect-mismatch`, checked by this file's rule.
    package static let geometryAuxAspectMismatch = RuleID(rawValue: "geometry.aux.aspect-mismatch")
}
