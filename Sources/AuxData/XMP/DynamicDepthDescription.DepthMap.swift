extension DynamicDepthDescription {
    /// `Camera:DepthMap` (Dynamic Depth 1.0 §DepthMap). Android's validator requires Format
    /// RangeInverse, Units Meters, 0 ≤ Near < Far, and non-empty DepthURI and ConfidenceURI.
    public struct DepthMap: Sendable, Equatable {
        public var format: GDepthFormat?
        public var near: Double?
        public var far: Double?
        /// `Meters`, `Diopters` or `None`.
        public var units: String?
        public var depthURI: String?
        public var confidenceURI: String?
        /// `OpticalAxis` or `OpticRay`.
        public var measureType: String?
        /// `Depth` or `Segmentation`.
        public var itemSemantic: String?
        public var software: String?

        init(fields: [XMPProperty], problems: inout [String]) {
            var r = XMPFieldReader(namespace: DynamicDepthDescription.depthMap, fields: fields)
            format = r.text("Format").map(GDepthFormat.init)
            near = r.double("Near")
            far = r.double("Far")
            units = r.text("Units")
            depthURI = r.text("DepthURI")
            confidenceURI = r.text("ConfidenceURI")
            measureType = r.text("MeasureType")
            itemSemantic = r.text("ItemSemantic")
            software = r.text("Software")
            problems += r.problems
        }
    }
}
