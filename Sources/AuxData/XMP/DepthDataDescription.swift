/// AVDepthData's properties as ImageIO writes them, namespace `depthData`
/// (`http://ns.apple.com/depthData/1.0/`).
///
/// Meanings from Apple's AVDepthData and AVCameraCalibrationData documentation. Matrices are
/// kept in file order, which is column-major (intrinsics fx,0,0, 0,fy,0, cx,cy,1). ImageIO may
/// write no calibration at all, so every field is optional.
public struct DepthDataDescription: Sendable, Equatable {
    /// 65538 (iOS 11/12), 65541 (iOS 16+); absent from ImageIO's minimal output.
    public var depthDataVersion: Int?
    /// `relative` | `absolute` (AVDepthDataAccuracy).
    public var accuracy: String?
    public var filtered: Bool?
    /// `high` | `low` (AVDepthDataQuality).
    public var quality: String?
    /// 9 reals, column-major 3×3.
    public var intrinsicMatrix: [Double]?
    public var intrinsicMatrixReferenceWidth: Int?
    public var intrinsicMatrixReferenceHeight: Int?
    /// 12 reals, column-major 3×4 [R|t].
    public var extrinsicMatrix: [Double]?
    /// Millimetres per pixel.
    public var pixelSize: Double?
    /// 8 reals each.
    public var lensDistortionCoefficients: [Double]?
    public var inverseLensDistortionCoefficients: [Double]?
    public var lensDistortionCenterOffsetX: Double?
    public var lensDistortionCenterOffsetY: Double?
    public var portraitScore: Double?
    public var portraitScoreIsHigh: Bool?
    public var problems: [String]

    public init?(_ document: XMPDocument) {
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
