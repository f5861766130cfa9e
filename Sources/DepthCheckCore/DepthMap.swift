/// A map of distances, one Float per pixel, row by row from the top left: depth in metres or
/// disparity in 1/metres (depth = 1/disparity, as AVDepthData defines them).
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

    /// A map of `values` (`width × height` of them, row by row).
    public init(width: Int, height: Int, values: [Float], kind: Kind) {
        self.width = width
        self.height = height
        self.values = values
        self.kind = kind
    }

    /// The value at column `x`, row `y`; nil outside the map.
    public subscript(x: Int, y: Int) -> Float? {
        guard x >= 0, y >= 0, x < width, y < height, y * width + x < values.count else { return nil }
        return values[y * width + x]
    }
}
