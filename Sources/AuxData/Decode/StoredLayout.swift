/// What a decode delivers, known before the first row: the decoded size in the stored frame,
/// the sample precision and the samples per pixel (1, or 3 for a colour gain map: red, green,
/// blue, interleaved).
package struct StoredLayout: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// Significant bits per sample: 8, or up to 16.
    package let bitDepth: Int
    /// `jpeg`, `png`, `hvc1` or `grid`.
    package let codec: Codec
    /// Samples per pixel: 1, or 3 (red, green, blue) for a colour gain map.
    package let channels: Int

    package init(width: Int, height: Int, bitDepth: Int, codec: Codec, channels: Int = 1) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.codec = codec
        self.channels = channels
    }

    /// The largest stored sample: 2^bitDepth − 1.
    package var maxSample: Int { (1 << bitDepth) - 1 }
}
