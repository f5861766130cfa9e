/// How stored integers map to floats (Apple's apdi XMP; Creating auxiliary depth data manually):
/// `f = floatMin + (v − intMin) · (floatMax − floatMin) / (intMax − intMin)`.
public struct PixelValueRange: Sendable, Equatable {
    public var intMin: Int?
    public var intMax: Int?
    public var floatMin: Double?
    public var floatMax: Double?

    public init(intMin: Int? = nil, intMax: Int? = nil, floatMin: Double? = nil, floatMax: Double? = nil) {
        self.intMin = intMin
        self.intMax = intMax
        self.floatMin = floatMin
        self.floatMax = floatMax
    }
}
