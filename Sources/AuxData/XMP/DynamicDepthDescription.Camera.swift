extension DynamicDepthDescription {
    /// One `Device:Camera` (Dynamic Depth 1.0 §Camera): its trait, image and depth map.
    package struct Camera: Sendable, Equatable {
        /// `Camera:Trait`: `Physical` or `Logical`.
        package var trait: String?
        /// `Image:ItemSemantic` of `Camera:Image`: `Primary` or `Original`.
        package var imageItemSemantic: String?
        /// `Image:ItemURI` of `Camera:Image`.
        package var imageItemURI: String?
        package var depthMap: DepthMap?

        init(fields: [XMPProperty], problems: inout [String]) {
            var r = XMPFieldReader(namespace: DynamicDepthDescription.camera, fields: fields)
            trait = r.text(Name.cameraTrait.local)
            if let image = r.property(Name.cameraImage.local)?.value.fields {
                var ir = XMPFieldReader(namespace: DynamicDepthDescription.image, fields: image)
                imageItemSemantic = ir.text(Name.imageItemSemantic.local)
                imageItemURI = ir.text(Name.imageItemURI.local)
                problems += ir.problems
            }
            if let dm = r.property(Name.cameraDepthMap.local)?.value.fields {
                depthMap = DepthMap(fields: dm, problems: &problems)
            }
            problems += r.problems
        }
    }
}
