/// How stored integers map to floats (Apple's apdi XMP; Creating auxiliary depth data manually):
/// `f = floatMin + (v − intMin) · (floatMax − floatMin) / (intMax − intMin)`.
package struct PixelValueRange: Sendable, Equatable {
    package var intMin: Int?
    package var intMax: Int?
    package var floatMin: Double?
    package var floatMax: Double?

    package init(intMin: Int? = nil, intMax: Int? = nil, floatMin: Double? = nil, floatMax: Double? = nil) {
        self.intMin = intMin
        self.intMax = intMax
        self.floatMin = floatMin
        self.floatMax = floatMax
    }
}
