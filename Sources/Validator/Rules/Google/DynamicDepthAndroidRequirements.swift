import AuxData

/// What Android's own validator (ValidateAndroidDynamicDepthBuffer, which the camera2
/// compatibility tests run on a device's DEPTH_JPEG output) demands: JPEG items, a DepthPhoto
/// profile with a camera, and a depth map in metres, RangeInverse, 0 ≤ near < far, with depth
/// and confidence URIs. These are the requirements of that one writer's output, beyond the
/// specification's (which allows PNG items, RangeLinear, Diopters and no confidence map), and
/// other writers meet the specification without them: Google Camera's Portrait originals write
/// Units Diopters. A file that misses them is valid Dynamic Depth: a note.
struct DynamicDepthAndroidRequirements: Rule {
    let info = RuleInfo(
        .googleDynamicDepthAndroidRequirements, .note,
        Citation(.dynamicDepth, "§Profile DepthPhoto, as Android validates it (AOSP external/dynamic_depth, ValidateAndroidDynamicDepthBuffer)"),
        summary: "A Dynamic Depth photo meets Android's DepthPhoto requirements (Android's, beyond the specification's).",
        fix: "Write JPEG items, a DepthPhoto profile with a camera index, and a RangeInverse depth map in Meters with near < far.",
        severityNote: "a note: these are what Android's camera2 DEPTH_JPEG output must meet, not the specification's requirements; Google Camera's Portrait originals write Units Diopters")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let dd = photo.dynamicDepth else { return .notApplicable }
        var problems: [String] = []
        for (i, item) in dd.items.enumerated() where (item.mime ?? "") != "image/jpeg" {
            problems.append("item \(i + 1) has Mime '\(item.mime ?? "")', not image/jpeg")
        }
        let profile = dd.profiles.first { $0.type == "DepthPhoto" }
        if profile == nil { problems.append("no DepthPhoto profile") }
        else if profile?.cameraIndices.isEmpty ?? true { problems.append("the DepthPhoto profile names no camera") }
        let map = profile?.cameraIndices.first.flatMap { $0 >= 0 && $0 < dd.cameras.count ? dd.cameras[$0].depthMap : nil }
            ?? dd.cameras.compactMap(\.depthMap).first
        if let m = map {
            if (m.depthURI ?? "").isEmpty { problems.append("DepthMap has no DepthURI") }
            if (m.confidenceURI ?? "").isEmpty { problems.append("DepthMap has no ConfidenceURI") }
            if m.units != "Meters" { problems.append("DepthMap Units is '\(m.units ?? "")', not Meters") }
            if m.format?.rawValue != "RangeInverse" { problems.append("DepthMap Format is '\(m.format?.rawValue ?? "")', not RangeInverse") }
            if let n = m.near, let f = m.far {
                if !(n >= 0 && n < f) { problems.append("DepthMap Near \(NumberText.short(n)) / Far \(NumberText.short(f)) do not satisfy 0 ≤ near < far") }
            } else {
                problems.append("DepthMap lacks Near or Far")
            }
        } else {
            problems.append("no camera has a DepthMap")
        }
        return .from(problems.map { info.finding(nil, "APP1/XMP/Device", $0) })
    }
}

extension RuleID {
    /// `google.dynamic-depth.android-requirements`, checked by this file's rule.
    package static let googleDynamicDepthAndroidRequirements = RuleID(rawValue: "google.dynamic-depth.android-requirements")
}
