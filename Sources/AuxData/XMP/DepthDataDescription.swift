/// AVDepthData's properties as ImageIO writes them, namespace `depthData`
/// (`http://ns.apple.com/depthData/1.0/`).
///
/// Meanings from Apple's AVDepthData and AVCameraCalibrationData documentation. Matrices are
/// kept in file order, which is column-major (intrinsics fx,0,0, 0,fy,0, cx,cy,1). ImageIO may
/// write no calibration at all, so every field is optional.
package struct DepthDataDescription: Sendable, Equatable {
    /// 65538 (iOS 11/12), 65541 (iOS 16+); absent from ImageIO's minimal output.
    package var depthDataVersion: Int?
    /// `relative` | `absolute` (AVDepthDataAccuracy).
    package var accuracy: String?
    package var filtered: Bool?
    /// `high` | `low` (AVDepthDataQuality).
    package var quality: String?
    /// 9 reals, column-major 3×3.
    package var intrinsicMatrix: [Double]?
    package var intrinsicMatrixReferenceWidth: Int?
    package var intrinsicMatrixReferenceHeight: Int?
    /// 12 reals, column-major 3×4 [R|t].
    package var extrinsicMatrix: [Double]?
    /// Millimetres per pixel.
    package var pixelSize: Double?
    /// 8 reals each.
    package var lensDistortionCoefficients: [Double]?
    package var inverseLensDistortionCoefficients: [Double]?
    package var lensDistortionCenterOffsetX: Double?
    package var lensDistortionCenterOffsetY: Double?
    package var portraitScore: Double?
    package var portraitScoreIsHigh: Bool?
    package var problems: [String]

    package init?(_ document: XMPDocument) {
        var r = XMPFieldReader(document, namespace: XMPNamespace.depthData)
        if r.isEmpty { return nil }
        depthDataVersion = r.int("DepthDataVersion")
        accuracy = r.text("Accuracy")
        filtered = r.bool("Filtered")
        quality = r.text("Quality")
        intrinsicMatrix = r.doubles("IntrinsicMatrix")
        intrinsicMatrixReferenceWidth = r.int("IntrinsicMatrixReferenceWidth")
        intrinsicMatrixReferenceHeight = r.int("IntrinsicMatrixReferenceHeight")
        extrinsicMatrix = r.doubles("ExtrinsicMatrix")
        pixelSize = r.double("PixelSize")
        lensDistortionCoefficients = r.doubles("LensDistortionCoefficients")
        inverseLensDistortionCoefficients = r.doubles("InverseLensDistortionCoefficients")
        lensDistortionCenterOffsetX = r.double("LensDistortionCenterOffsetX")
        lensDistortionCenterOffsetY = r.double("LensDistortionCenterOffsetY")
        portraitScore = r.double("PortraitScore")
        portraitScoreIsHigh = r.bool("PortraitScoreIsHigh")
        problems = r.problems
    }
}
