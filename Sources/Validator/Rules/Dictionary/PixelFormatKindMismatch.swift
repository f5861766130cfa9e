import AuxData
import Container

/// The native format says depth (metres) or disparity (1/m); the XMP type and the HEVC SEI
/// representation type must say the same, or a reader inverts the map.
struct PixelFormatKindMismatch: Rule {
    let info = RuleInfo(
        .dictionaryPixelFormatKindMismatch, .warning,
        Citation(.appleDepth, "AVDepthData depthDataType (depth = 1/disparity); ITU-T H.265 F.14.3.9 depth_representation_type"),
        summary: "apdi:AuxiliaryImageType and the SEI representation type agree with the native format (depth vs disparity).",
        fix: "Use hdis/fdis with AuxiliaryImageType 'disparity' and hdep/fdep with 'depth'.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { a in
            guard a.kind.isDepthLike, let f = a.nativeFormat else { return false }
            return PixelFormat.depthFormats.contains(f)
        }
        guard !maps.isEmpty else { return .notApplicable }
        var out: [RuleFinding] = []
        for a in maps {
            guard let f = a.nativeFormat else { continue }
            let formatSaysDisparity = f.isDisparity
            if let t = a.apple?.auxiliaryImageType?.lowercased(), t == "depth" || t == "disparity", a.apple?.auxiliaryImageSubType == nil,
               (t == "disparity") != formatSaysDisparity {
                let at = a.valueLocation(XMPNamespace.appleAux, "AuxiliaryImageType")
                out.append(info.finding(at.offset, at.path,
                                        "image \(a.index): apdi:AuxiliaryImageType '\(t)' but native format '\(f)'"))
            }
            if let r = a.representation {
                let seiSaysDisparity = r.representationType == 1 || r.representationType == 3
                if seiSaysDisparity != formatSaysDisparity {
                    out.append(info.finding(a.location.offset, a.location.path,
                                            "image \(a.index): SEI depth_representation_type \(r.representationType) but native format '\(f)'"))
                }
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `dictionary.pixel-format.kind-mismatch`, checked by this file's rule.
    package static let dictionaryPixelFormatKindMismatch = RuleID(rawValue: "dictionary.pixel-format.kind-mismatch")
}
