import AuxData

/// "Portrait effects matte generation requires depth to be present": Apple never delivers a
/// matte without depth, and readers that pair the two expect both.
struct MatteRequiresDepth: Rule {
    let info = RuleInfo(
        .matteRequiresDepth, .error,
        Citation(.appleCapture, "isPortraitEffectsMatteDeliveryEnabled: portrait effects matte generation requires depth data (isDepthDataDeliveryEnabled)"),
        summary: "A portrait or semantic matte travels with a depth or disparity image on the same photo.",
        fix: "Embed the depth or disparity map the matte was made with, or drop the matte.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let mattes = photo.auxImages.filter { $0.kind.isMatte }
        guard !mattes.isEmpty else { return .notApplicable }
        if photo.auxImages.contains(where: { $0.kind.isDepthLike }) { return .passed }
        return .failed(mattes.map { a in
            info.finding(a.location.offset, a.location.path,
                         "\(a.kind.rawValue) image \(a.index) has no depth or disparity image beside it")
        })
    }
}

extension RuleID {
    /// `matte.requires-depth`, checked by this file's rule.
    package static let matteRequiresDepth = RuleID(rawValue: "matte.requires-depth")
}
