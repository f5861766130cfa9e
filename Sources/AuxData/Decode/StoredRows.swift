/// A band of decoded rows, as stored: `channels` samples per pixel (interleaved), rows packed
/// (`width` × `channels` samples each).
/// The pointers are valid only during the sink call that receives them.
package struct StoredRows {
    /// The samples: 8-bit, or 16-bit holding `bitDepth` significant bits (HEVC 10–16-bit
    /// `pixi` depths, 16-bit PNG), in host order.
    package enum Samples {
        case u8(UnsafeBufferPointer<UInt8>)
        case u16(UnsafeBufferPointer<UInt16>)
    }

    package let width: Int
    /// The row of the image (stored frame) the first row of the band is.
    package let firstRow: Int
    package let rowCount: Int
    package let samples: Samples
    /// Samples per pixel: 1, or 3 (red, green, blue).
    package let channels: Int

    package init(width: Int, firstRow: Int, rowCount: Int, samples: Samples, channels: Int = 1) {
        self.width = width
        self.firstRow = firstRow
        self.rowCount = rowCount
        self.samples = samples
        self.channels = channels
    }

    /// The samples in the band: width × rowCount × channels.
    package var count: Int {
        switch samples {
        case .u8(let p): return p.count
        case .u16(let p): return p.count
        }
    }

    /// The sample at column `x` of row `y` of the band (its first channel), as an integer.
    @inlinable package func sample(_ x: Int, _ y: Int) -> Int {
        sample(at: (y * width + x) * channels)
    }

    /// The `i`th sample of the band in storage order (channels interleaved).
    @inlinable package func sample(at i: Int) -> Int {
        switch samples {
        case .u8(let p): return Int(p[i])
        case .u16(let p): return Int(p[i])
        }
    }
}
