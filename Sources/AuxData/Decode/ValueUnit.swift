/// What a decoded value measures.
package enum ValueUnit: String, Sendable, CaseIterable {
    /// Distance in metres (kCVPixelFormatType_DepthFloat16/32).
    case depth
    /// Inverse distance in 1/m (kCVPixelFormatType_DisparityFloat16/32, AVDepthData.h).
    case disparity
    /// A stored value scaled to 0…1: mattes, gain maps, alpha, maps without a range.
    case normalized

    /// depth = 1/disparity both ways (AVDepthData.h): 0 ↔ +∞, NaN stays NaN. Normalised
    /// values do not convert.
    @inlinable package static func convert(_ v: Double, from: ValueUnit, to: ValueUnit) -> Double {
        if from == to || from == .normalized || to == .normalized { return v }
        return 1 / v
    }
}
