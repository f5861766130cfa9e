import AuxData
import Container

/// A gain map is found through what the primary says and what the gain map image says; when
/// only one side is left (an editor dropped the image and copied the XMP, or copied the image
/// and rewrote the primary's XMP), readers show a flat photo or an image nobody asked for.
/// Android's Ultra HDR format: the gain map "is appended to a primary image with MPF and
/// GContainer XMP metadata. The primary image GContainer directory must contain an item for
/// the gain map image", and the primary "shall define hdrgm:Version"; ISO 21496-1 Annex C puts
/// its APP2 segment in both images. A gain map image with Apple's own XMP is Apple's way and
/// needs none of these (Apple's depth images, which carry no gain map metadata, are not gain maps).
struct GainMapOrphaned: Rule {
    let info = RuleInfo(
        .gainmapOrphaned, .error,
        Citation(.ultraHDR, "Encode, gain map container (the primary's GContainer directory must contain an item for the gain map; the primary shall define hdrgm:Version); ISO 21496-1:2025 Annex C (the APP2 segment in both images)"),
        summary: "A primary that declares a gain map (hdrgm:Version, a GContainer GainMap item, an ISO 21496-1 segment) has a gain map image, and a gain map image with hdrgm or ISO 21496-1 metadata is declared by the primary.",
        fix: "Keep the gain map image with its primary, or remove the primary's hdrgm XMP, GContainer GainMap item and ISO 21496-1 segment with it (depthcheck strip --aux gainmap).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.container == .jpeg else { return .notApplicable }
        let declaration = photo.gainMapDeclaration
        // Gain maps that describe themselves the Adobe or ISO way (not Apple's).
        let described = photo.auxImages.filter { $0.kind == .hdrGainMap && ($0.adobeGainMap != nil || !$0.toneMaps.isEmpty) }
        let anyGainMap = photo.auxImages.contains { $0.kind == .hdrGainMap }
        guard declaration?.declaresGainMap == true || !described.isEmpty else { return .notApplicable }
        var findings: [RuleFinding] = []
        if let d = declaration, d.declaresGainMap, !anyGainMap, let at = d.location {
            findings.append(info.finding(at.offset, at.path, "the primary declares a gain map (\(d.described)) but no image in the file holds it"))
        }
        if declaration?.declaresGainMap != true {
            for a in described {
                findings.append(info.finding(a.coded.location.offset, a.coded.location.path,
                                             "image \(a.index) is a gain map (its own \(a.adobeGainMap != nil ? "hdrgm XMP" : "ISO 21496-1 metadata")) that the primary does not declare"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `gainmap.orphaned`, checked by this file's rule.
    package static let gainmapOrphaned = RuleID(rawValue: "gainmap.orphaned")
}
