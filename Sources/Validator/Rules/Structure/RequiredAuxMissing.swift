import AuxData

/// `--require depth|disparity|matte|gainmap`: a pipeline that exports portrait photos can insist
/// that each file carries the aux image it needs.
struct RequiredAuxMissing: Rule {
    let info = RuleInfo(
        .structureAuxRequiredMissing, .error,
        Citation(.depthcheck, "section \"Using it\": --require"),
        summary: "The photo carries every aux kind asked for with --require (depth accepts depth or disparity).",
        fix: "Export the photo with depth data (and the matte) enabled.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard !options.require.isEmpty else { return .notApplicable }
        return .from(options.require.compactMap { r in
            let found: Bool
            switch r {
            // Depth in the broad sense: Apple cameras store disparity, which is depth data too;
            // a Dynamic Depth camera's Camera:DepthMap (Dynamic Depth 1.0, "Depth Map") is a
            // depth map carried in the file's trailer rather than an aux image.
            case .depth:
                found = photo.auxImages.contains { $0.kind.isDepthLike }
                    || (photo.dynamicDepth?.cameras.contains { $0.depthMap != nil } ?? false)
            case .disparity: found = photo.auxImages.contains { $0.kind == .disparity }
            case .matte: found = photo.auxImages.contains { $0.kind.isMatte }
            // Apple's, Ultra HDR's and ISO 21496-1's gain maps alike, in JPEG or HEIF (a tmap's).
            case .gainmap: found = photo.auxImages.contains { $0.kind == .hdrGainMap }
            }
            return found ? nil : info.finding(nil, "", "no \(r.rawValue) image (required by --require \(r.rawValue))")
        })
    }
}

extension RuleID {
    /// `structure.aux.required-missing`, checked by this file's rule.
    package static let structureAuxRequiredMissing = RuleID(rawValue: "structure.aux.required-missing")
}
