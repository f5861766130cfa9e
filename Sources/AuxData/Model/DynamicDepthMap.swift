/// What Dynamic Depth says of one of its maps: the camera whose `Camera:DepthMap` names it,
/// that description, and the `Container:Item` that holds it (Dynamic Depth 1.0 §Camera,
/// §DepthMap, §Container).
public struct DynamicDepthMap: Sendable, Equatable {
    /// Which of the depth map's two images this is.
    public enum Role: String, Sendable, Equatable {
        /// The image `DepthMap:DepthURI` names.
        case depth
        /// The image `DepthMap:ConfidenceURI` names.
        case confidence
    }

    public let role: Role
    /// The camera's position in `Device:Cameras`, from 0, as `Profile:CameraIndices` counts.
    public let camera: Int
    /// The camera's `Camera:DepthMap`.
    public let depthMap: DynamicDepthDescription.DepthMap
    /// The item's position in `Container:Directory`, from 0 (the primary image).
    public let item: Int
    /// The item's `Item:Mime`.
    public let mime: String?

    public init(role: Role, camera: Int, depthMap: DynamicDepthDescription.DepthMap, item: Int, mime: String?) {
        self.role = role
        self.camera = camera
        self.depthMap = depthMap
        self.item = item
        self.mime = mime
    }
}
