extension DynamicDepthDescription {
    /// One `Device:Profile` (Dynamic Depth 1.0 §Profile): `DepthPhoto` or `ARPhoto`, with the
    /// indices of the cameras it uses.
    package struct Profile: Sendable, Equatable {
        package var type: String?
        package var cameraIndices: [Int]

        init(fields: [XMPProperty], problems: inout [String]) {
            var r = XMPFieldReader(namespace: DynamicDepthDescription.profile, fields: fields)
            type = r.text(Name.profileType.local)
            var indices: [Int] = []
            for t in r.texts(Name.profileCameraIndices.local) ?? [] {
                if let v = XMPFieldReader.parseInt(t) { indices.append(v) }
                else { problems.append("Profile:CameraIndices: '\(t)' is not an integer") }
            }
            cameraIndices = indices
            problems += r.problems
        }
    }
}
