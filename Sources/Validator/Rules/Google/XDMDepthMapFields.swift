import AuxData

/// An XDM 1.0 camera's depth map takes over GDepth's depth map fields (Format, Near, Far,
/// Mime, Data), which GDepth requires: without any one of them the map cannot be turned back
/// into distances. Readers of XDM (Intel's depth-reader-js) read exactly these.
struct XDMDepthMapFields: Rule {
    let info = RuleInfo(
        .googleXDMRequiredMissing, .error,
        Citation(.xdm, "Camera:DepthMap, with GDepth's required Format, Near, Far, Mime and Data"),
        summary: "An XDM 1.0 camera's DepthMap has Format (RangeLinear or RangeInverse), Near, Far, Mime and Data.",
        fix: "Write every DepthMap field into the camera's DepthMap (Data in Extended XMP).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.compactMap { a in a.xdmDepthMap.map { (a, $0) } }
        guard !maps.isEmpty else { return .notApplicable }
        return .from(maps.compactMap { a, m in
            var missing: [String] = []
            if m.format == nil { missing.append("Format") } else if case .unknown(let s)? = m.format { missing.append("Format (\(s) is neither RangeLinear nor RangeInverse)") }
            if m.near == nil { missing.append("Near") }
            if m.far == nil { missing.append("Far") }
            if m.mime == nil { missing.append("Mime") }
            if m.data?.isEmpty ?? true { missing.append("Data") }
            guard !missing.isEmpty else { return nil }
            return info.finding(m.location.offset, m.location.path, "depth image \(a.index) (camera \(m.camera)) lacks " + missing.joined(separator: ", "))
        })
    }
}

extension RuleID {
    /// `google.xdm.required-missing`, checked by this file's rule.
    package static let googleXDMRequiredMissing = RuleID(rawValue: "google.xdm.required-missing")
}
