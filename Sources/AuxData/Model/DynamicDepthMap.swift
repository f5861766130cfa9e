/// What Dynamic Depth says of one of its maps: the camera whose `Camera:DepthMap` names it,
/// that description, and the `Container:Item` that holds it (Dynamic Depth 1.0 §Camera,
/// §DepthMap, §Container).
package struct DynamicDepthMap: Sendable, Equatable {
    /// Which of the depth map's two images this is.
    package enum Role: String, Sendable, Equatable {
        /// The image `DepthMap:DepthURI` names.
        case depth
        /// The image `DepthMap:ConfidenceURI` names.
        case confidence
        /// The image a camera's `Camera:Image` names with `Image:ItemSemantic` `Original`: the
        /// capture before the depth effect (Dynamic Depth 1.0 §Image).
        case original
    }

    package let role: Role
    /// The camera's position in `Device:Cameras`, from 0, as `Profile:CameraIndices` counts.
    package let camera: Int
    /// The camera's `Camera:DepthMap`.
    package let depthMap: DynamicDepthDescription.DepthMap
    /// The item's position in `Container:Directory`, from 0 (the primary image).
    package let item: Int
    /// The item's `Item:Mime`.
    package let mime: String?

    package init(role: Role, camera: Int, depthMap: DynamicDepthDescription.DepthMap, item: Int, mime: String?) {
        self.role = role
        self.camera = camera
        self.depthMap = depthMap
        self.item = item
        self.mime = mime
    }
}
