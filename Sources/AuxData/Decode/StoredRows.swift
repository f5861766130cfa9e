/// A band of decoded rows, as stored: one sample per pixel, rows packed (`width` samples each).
/// The pointers are valid only during the sink call that receives them.
public struct StoredRows {
    /// The samples: 8-bit, or 16-bit holding `bitDepth` significant bits (HEVC 10–16-bit
    /// `pixi` depths, 16-bit PNG), in host order.
    public enum Samples {
        case u8(UnsafeBufferPointer<UInt8>)
        case u16(UnsafeBufferPointer<UInt16>)
    }

    public let width: Int
    /// The row of the image (stored frame) the first row of the band is.
    public let firstRow: Int
    public let rowCount: Int
    public let samples: Samples

    public init(width: Int, firstRow: Int, rowCount: Int, samples: Samples) {
        self.width = width
        self.firstRow = firstRow
        self.rowCount = rowCount
        self.samples = samples
    }

    /// The sample at column `x` of row `y` of the band, as an integer.
    @inlinable public func sample(_ x: Int, _ y: Int) -> Int {
        switch samples {
        case .u8(let p): return Int(p[y * width + x])
        case .u16(let p): return Int(p[y * width + x])
        }
    }
}
