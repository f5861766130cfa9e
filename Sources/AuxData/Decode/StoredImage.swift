import Container

/// A whole decoded aux image in its stored frame: row-major samples, 16 bits wide whatever
/// the stored precision, `channels` a pixel (red, green, blue interleaved for a colour gain map).
public struct StoredImage: Sendable, Equatable {
    public let layout: StoredLayout
    public var samples: [UInt16]

    public init(layout: StoredLayout, samples: [UInt16]) {
        self.layout = layout
        self.samples = samples
    }

    public var width: Int { layout.width }
    public var height: Int { layout.height }
    public var channels: Int { layout.channels }
    /// The sample of `channel` at (x, y).
    public func sample(x: Int, y: Int, channel: Int = 0) -> Int { Int(samples[(y * layout.width + x) * layout.channels + channel]) }
}

/// A sink that keeps every row: the whole image, allocated once at `start` after its size
/// was checked against the pixel limit.
public struct StoredImageCollector: AuxRowSink {
    public private(set) var image: StoredImage?
    let maxPixels: Int
    let location: SourceLocation

    public init(maxPixels: Int = 256 << 20, location: SourceLocation = SourceLocation(offset: 0, path: "")) {
        self.maxPixels = maxPixels
        self.location = location
    }

    public mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        guard let pixels = layout.width *? layout.height, pixels <= maxPixels, let n = pixels *? max(1, layout.channels) else {
            throw AuxDecodeError(.overLimit, "\(layout.width)×\(layout.height) is over the pixel limit", at: location)
        }
        image = StoredImage(layout: layout, samples: [UInt16](repeating: 0, count: n))
    }

    public mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        guard var img = image else { return }
        image = nil   // keeps the buffer uniquely referenced while it is written
        let base = rows.firstRow * rows.width * rows.channels
        img.samples.withUnsafeMutableBufferPointer { out in
            switch rows.samples {
            case .u8(let p): for i in 0..<p.count { out[base + i] = UInt16(p[i]) }
            case .u16(let p): for i in 0..<p.count { out[base + i] = p[i] }
            }
        }
        image = img
    }
}
