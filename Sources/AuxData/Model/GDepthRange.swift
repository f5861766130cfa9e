/// The mapping from a GDepth (or Dynamic Depth DepthMap) sample to a distance.
///
/// Google Depthmap metadata reference, "Depth encoding": with dn = value ÷ 255 (8-bit) or
/// ÷ 65535 (16-bit),
/// - RangeLinear:  d = dn·(far − near) + near
/// - RangeInverse: d = far·near ÷ (far − dn·(far − near))
/// Both give near at dn = 0 and far at dn = 1; these are the standard forms, checked at both
/// ends.
public struct GDepthRange: Sendable, Equatable {
    public var format: GDepthFormat
    public var near: Double
    public var far: Double

    public init(format: GDepthFormat, near: Double, far: Double) {
        self.format = format
        self.near = near
        self.far = far
    }

    /// The range of a description; nil when Format, Near or Far is missing.
    public init?(_ g: GDepthDescription) {
        guard let format = g.format, let near = g.near, let far = g.far else { return nil }
        self.init(format: format, near: near, far: far)
    }

    /// Near and far are finite, near is positive for RangeInverse (it divides), and near < far.
    public var isValid: Bool {
        guard near.isFinite, far.isFinite, near < far else { return false }
        switch format {
        case .rangeInverse: return near > 0
        case .rangeLinear: return true
        case .unknown: return false
        }
    }

    /// The distance for a normalized sample dn in 0...1; nil for an unknown format, an invalid
    /// range or dn outside 0...1.
    public func depth(normalized dn: Double) -> Double? {
        guard isValid, dn >= 0, dn <= 1 else { return nil }
        switch format {
        case .rangeLinear: return dn * (far - near) + near
        case .rangeInverse: return far * near / (far - dn * (far - near))
        case .unknown: return nil
        }
    }
}
