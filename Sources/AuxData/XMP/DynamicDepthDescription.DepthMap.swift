extension DynamicDepthDescription {
    /// `Camera:DepthMap` (Dynamic Depth 1.0 §DepthMap). Android's validator requires Format
    /// RangeInverse, Units Meters, 0 ≤ Near < Far, and non-empty DepthURI and ConfidenceURI.
    package struct DepthMap: Sendable, Equatable {
        package var format: GDepthFormat?
        package var near: Double?
        package var far: Double?
        /// `Meters`, `Diopters` or `None`.
        package var units: String?
        package var depthURI: String?
        package var confidenceURI: String?
        /// `OpticalAxis` or `OpticRay`.
        package var measureType: String?
        /// `Depth` or `Segmentation`.
        package var itemSemantic: String?
        package var software: String?

        /// A depth map with no field, for a camera that has none.
        init() {}

        init(fields: [XMPProperty], problems: inout [String]) {
            var r = XMPFieldReader(namespace: DynamicDepthDescription.depthMap, fields: fields)
            format = r.text(Name.depthMapFormat.local).map(GDepthFormat.init)
            near = r.double(Name.depthMapNear.local)
            far = r.double(Name.depthMapFar.local)
            units = r.text(Name.depthMapUnits.local)
            depthURI = r.text(Name.depthMapDepthURI.local)
            confidenceURI = r.text(Name.depthMapConfidenceURI.local)
            measureType = r.text(Name.depthMapMeasureType.local)
            itemSemantic = r.text(Name.depthMapItemSemantic.local)
            software = r.text("Software")
            problems += r.problems
        }
    }
}
