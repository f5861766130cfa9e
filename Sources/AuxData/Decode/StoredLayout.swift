/// What a decode delivers, known before the first row: the decoded size in the stored frame
/// and the sample precision.
public struct StoredLayout: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Significant bits per sample: 8, or up to 16.
    public let bitDepth: Int
    /// `jpeg`, `png`, `hvc1` or `grid`.
    public let codec: String

    public init(width: Int, height: Int, bitDepth: Int, codec: String) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.codec = codec
    }

    /// The largest stored sample: 2^bitDepth − 1.
    public var maxSample: Int { (1 << bitDepth) - 1 }
}
