extension DynamicDepthDescription {
    /// Dynamic Depth 1.0's element and property names (§Elements), each in its element's
    /// namespace with the prefix Android's `external/dynamic_depth` writes; read by
    /// `DynamicDepthDescription` and written by `GoogleDepthXMP`.
    package enum Name {
        static func name(_ element: String, _ local: String) -> XMPName {
            XMPName(XMPNamespace.dynamicDepth(element.lowercased()), element, local)
        }
        package static let deviceContainer = name("Device", "Container")
        package static let deviceProfiles = name("Device", "Profiles")
        package static let deviceCameras = name("Device", "Cameras")
        package static let deviceProfile = name("Device", "Profile")
        package static let deviceCamera = name("Device", "Camera")
        package static let containerDirectory = name("Container", "Directory")
        package static let containerItem = name("Container", "Item")
        package static let itemMime = name("Item", "Mime")
        package static let itemLength = name("Item", "Length")
        package static let itemDataURI = name("Item", "DataURI")
        package static let profileType = name("Profile", "Type")
        package static let profileCameraIndices = name("Profile", "CameraIndices")
        package static let cameraTrait = name("Camera", "Trait")
        package static let cameraImage = name("Camera", "Image")
        package static let cameraDepthMap = name("Camera", "DepthMap")
        package static let imageItemSemantic = name("Image", "ItemSemantic")
        package static let imageItemURI = name("Image", "ItemURI")
        package static let depthMapItemSemantic = name("DepthMap", "ItemSemantic")
        package static let depthMapFormat = name("DepthMap", "Format")
        package static let depthMapUnits = name("DepthMap", "Units")
        package static let depthMapNear = name("DepthMap", "Near")
        package static let depthMapFar = name("DepthMap", "Far")
        package static let depthMapDepthURI = name("DepthMap", "DepthURI")
        package static let depthMapMeasureType = name("DepthMap", "MeasureType")
        package static let depthMapConfidenceURI = name("DepthMap", "ConfidenceURI")
    }
}
