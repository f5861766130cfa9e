/// A map of distances, one Float per pixel, row by row from the top left: depth in metres or
/// disparity in 1/metres (depth = 1/disparity, as AVDepthData defines them), unless
/// ``unitsDeclared`` is false: then the file does not say its unit (GDepth without
/// `GDepth:Units`), and the values are the file's distances in an unnamed unit.
public struct DepthMap: Sendable, Equatable {
    /// What the values are.
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        /// Distance in metres (kCVPixelFormatType_DepthFloat16/32).
        case depth
        /// Inverse distance in 1/metres (kCVPixelFormatType_DisparityFloat16/32).
        case disparity
        /// `depth` or `disparity`.
        public var description: String { rawValue }
    }

    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width × height` values, rows from the top.
    public let values: [Float]
    /// Depth or disparity.
    public let kind: Kind
    /// Whether the file says the values' unit; false when it does not (GDepth without
    /// `GDepth:Units`, which Google's Lens Blur writes), and the values are then not known to
    /// be metres.
    public let unitsDeclared: Bool

    /// A map of `values` (`width × height` of them, row by row), in metres or 1/metres unless
    /// `unitsDeclared` is false.
    public init(width: Int, height: Int, values: [Float], kind: Kind, unitsDeclared: Bool = true) {
        self.width = width
        self.height = height
        self.values = values
        self.kind = kind
        self.unitsDeclared = unitsDeclared
    }

    /// The value at column `x`, row `y`; nil outside the map.
    public subscript(x: Int, y: Int) -> Float? {
        guard x >= 0, y >= 0, x < width, y < height, y * width + x < values.count else { return nil }
        return values[y * width + x]
    }
}
