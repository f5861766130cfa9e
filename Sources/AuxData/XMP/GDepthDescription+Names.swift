extension GDepthDescription {
    /// GDepth's property names (Google Depthmap metadata), read by `GDepthDescription` and
    /// written by `GoogleDepthXMP`.
    package enum Name {
        static func gDepth(_ local: String) -> XMPName { XMPName(XMPNamespace.gDepth, "GDepth", local) }
        package static let format = gDepth("Format")
        package static let near = gDepth("Near")
        package static let far = gDepth("Far")
        package static let units = gDepth("Units")
        package static let measureType = gDepth("MeasureType")
        package static let mime = gDepth("Mime")
        package static let data = gDepth("Data")
        package static let confidenceMime = gDepth("ConfidenceMime")
        package static let confidence = gDepth("Confidence")
        package static let manufacturer = gDepth("Manufacturer")
        package static let model = gDepth("Model")
        package static let software = gDepth("Software")
        package static let imageWidth = gDepth("ImageWidth")
        package static let imageHeight = gDepth("ImageHeight")
    }
}
