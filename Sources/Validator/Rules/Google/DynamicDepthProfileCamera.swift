import AuxData

/// Dynamic Depth 1.0 §Profile: a `DepthPhoto` profile names, by `Profile:CameraIndices`, the
/// cameras of `Device:Cameras` it uses, the first of which holds the photo's image and its
/// depth map; an index past the list or a camera without a `DepthMap` leaves the profile
/// without depth.
struct DynamicDepthProfileCamera: Rule {
    let info = RuleInfo(
        .googleDynamicDepthProfileCamera, .error,
        Citation(.dynamicDepth, "§Profile: DepthPhoto, CameraIndices; §Camera: Image and DepthMap"),
        summary: "A DepthPhoto profile names a camera that has an image and a depth map.",
        fix: "List in Profile:CameraIndices the index of the Device:Cameras entry with the Camera:Image and Camera:DepthMap.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let dd = photo.dynamicDepth else { return .notApplicable }
        let profiles = dd.profiles.enumerated().filter { $0.element.type == "DepthPhoto" }
        guard !profiles.isEmpty else { return .notApplicable }
        var out: [RuleFinding] = []
        for (p, profile) in profiles {
            let path = "APP1/XMP/Device:Profiles[\(p + 1)]"
            guard let first = profile.cameraIndices.first else {
                out.append(info.finding(nil, path, "the DepthPhoto profile lists no camera in Profile:CameraIndices"))
                continue
            }
            for i in profile.cameraIndices where i < 0 || i >= dd.cameras.count {
                out.append(info.finding(nil, path, "Profile:CameraIndices \(i) is past the \(dd.cameras.count) cameras of Device:Cameras"))
            }
            guard first >= 0, first < dd.cameras.count else { continue }
            let camera = dd.cameras[first]
            if camera.depthMap == nil { out.append(info.finding(nil, path, "camera \(first), the profile's first, has no Camera:DepthMap")) }
            if camera.imageItemURI == nil { out.append(info.finding(nil, path, "camera \(first), the profile's first, has no Camera:Image")) }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.dynamic-depth.profile-camera`, checked by this file's rule.
    package static let googleDynamicDepthProfileCamera = RuleID(rawValue: "google.dynamic-depth.profile-camera")
}
