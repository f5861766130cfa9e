import Container

/// A whole decoded aux image in its stored frame: row-major samples, 16 bits wide whatever
/// the stored precision, `channels` a pixel (red, green, blue interleaved for a colour gain map).
package struct StoredImage: Sendable, Equatable {
    package let layout: StoredLayout
    package var samples: [UInt16]

    package init(layout: StoredLayout, samples: [UInt16]) {
        self.layout = layout
        self.samples = samples
    }

    package var width: Int { layout.width }
    package var height: Int { layout.height }
    package var channels: Int { layout.channels }
    /// The sample of `channel` at (x, y).
    package func sample(x: Int, y: Int, channel: Int = 0) -> Int { Int(samples[(y * layout.width + x) * layout.channels + channel]) }
}

/// A sink that keeps every row: the whole image, allocated once at `start` after its size
/// was checked against the pixel limit.
package struct StoredImageCollector: AuxRowSink {
    package private(set) var image: StoredImage?
    let maxPixels: Int
    let location: SourceLocation

    package init(maxPixels: Int = 256 << 20, location: SourceLocation = SourceLocation(offset: 0, path: "")) {
        self.maxPixels = maxPixels
        self.location = location
    }

    package mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        guard let pixels = layout.width *? layout.height, pixels <= maxPixels, let n = pixels *? max(1, layout.channels) else {
            throw AuxDecodeError(.overLimit, "\(layout.width)×\(layout.height) is over the pixel limit", at: location)
        }
        image = StoredImage(layout: layout, samples: [UInt16](repeating: 0, count: n))
    }

    package mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
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
