/// The camera calibration Apple writes beside a depth or disparity map (AVDepthData's
/// `cameraCalibrationData`, serialised as `depthData:` properties of the map's XMP):
/// intrinsics and their reference size, extrinsics, pixel size and lens distortion. It
/// belongs to the camera that took the photo, not to the map's values, so a map embedded in
/// place of another keeps it (Apple, "Capturing Photos with Depth": a depth map's calibration
/// relates its pixels to the camera's).
package struct DepthCalibration: Sendable, Equatable {
    /// The calibration's properties, local name and value, in the order they were read.
    package let properties: [Property]

    package struct Property: Sendable, Equatable {
        package let local: String
        package let value: MetadataValue
    }

    /// The local names of the calibration's properties in the `depthData` namespace.
    package static let locals = ["IntrinsicMatrix", "IntrinsicMatrixReferenceWidth", "IntrinsicMatrixReferenceHeight",
                                 "ExtrinsicMatrix", "PixelSize", "LensDistortionCoefficients", "InverseLensDistortionCoefficients",
                                 "LensDistortionCenterOffsetX", "LensDistortionCenterOffsetY"]

    /// The calibration among an aux image's XMP properties (`prefix:name`, as read); nil when
    /// it has none.
    package init?(metadata: [(String, MetadataValue)]) {
        var found: [Property] = []
        for (name, value) in metadata {
            guard name.hasPrefix("depthData:") else { continue }
            let local = String(name.dropFirst("depthData:".count))
            if Self.locals.contains(local) { found.append(Property(local: local, value: value)) }
        }
        guard !found.isEmpty else { return nil }
        properties = found
    }

    /// The properties as XMP elements: a value as element text, a list as an `rdf:Seq`, as
    /// iPhones write them.
    package var elements: [XMPWriter.Element] {
        properties.map { p in
            let name = XMPName(XMPNamespace.depthData, "depthData", p.local)
            switch p.value {
            case .text(let t): return XMPWriter.Element.property(name, t)
            case .list(let items): return XMPWriter.Element.sequence(name, texts: items)
            }
        }
    }
}
