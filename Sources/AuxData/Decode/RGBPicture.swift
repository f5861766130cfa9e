import CJPEGBridge
import Container

/// An 8-bit RGB picture for people to look at (the report's thumbnails and colour-mapped
/// maps), never a source of values: rows top to bottom, pixels R G B.
package struct RGBPicture: Sendable, Equatable {
    package struct Pixel: Sendable, Equatable {
        package var r: UInt8, g: UInt8, b: UInt8
        package init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }
    }

    package let width: Int
    package let height: Int
    package let pixels: [Pixel]

    /// Nil unless `pixels` holds exactly `width` × `height` pixels.
    package init?(width: Int, height: Int, pixels: [Pixel]) {
        guard width > 0, height > 0, let n = width *? height, n == pixels.count else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The picture shrunk (never enlarged) to fit `maxSide` × `maxSide`, each output pixel the
    /// mean of the input pixels it covers.
    package func fitting(_ maxSide: Int) -> RGBPicture {
        guard maxSide > 0, max(width, height) > maxSide else { return self }
        return pixels.withUnsafeBufferPointer { p in
            Self.shrinking(width: width, height: height, to: maxSide) { x, y in
                let q = p[y * width + x]
                return (Int(q.r), Int(q.g), Int(q.b))
            }
        } ?? self
    }

    /// The picture moved `x` and `y` percent of its width and height (right and down
    /// positive), the edge row or column repeated into what opens; as content alignment moves
    /// a map.
    package func shifted(xPercent x: Int, yPercent y: Int) -> RGBPicture {
        let dx = x * width / 100, dy = y * height / 100
        guard dx != 0 || dy != 0 else { return self }
        var out: [Pixel] = []
        out.reserveCapacity(pixels.count)
        for row in 0..<height {
            let sy = min(max(row - dy, 0), height - 1)
            for column in 0..<width { out.append(pixels[sy * width + min(max(column - dx, 0), width - 1)]) }
        }
        return RGBPicture(width: width, height: height, pixels: out) ?? self
    }

    /// The middle `percent` % of the picture's width and height (at least one pixel), as
    /// content alignment crops a map.
    package func middle(_ percent: Int) -> RGBPicture {
        let w = max(1, width * percent / 100), h = max(1, height * percent / 100)
        guard w < width || h < height else { return self }
        let x0 = (width - w) / 2, y0 = (height - h) / 2
        var out: [Pixel] = []
        out.reserveCapacity(w * h)
        for row in y0..<(y0 + h) { out.append(contentsOf: pixels[(row * width + x0)..<(row * width + x0 + w)]) }
        return RGBPicture(width: w, height: h, pixels: out) ?? self
    }

    /// A `width` × `height` picture whose pixel at (x, y) is `pixel(x, y)`, shrunk (never
    /// enlarged) to fit `maxSide` × `maxSide`, each output pixel the mean of the input pixels
    /// it covers: what a decoder's rows become without being copied whole first.
    @inlinable
    package static func shrinking(width: Int, height: Int, to maxSide: Int,
                                 _ pixel: (Int, Int) -> (r: Int, g: Int, b: Int)) -> RGBPicture? {
        let longer = max(width, height)
        let (w, h) = maxSide > 0 && longer > maxSide
            ? (max(1, width * maxSide / longer), max(1, height * maxSide / longer)) : (width, height)
        var out: [Pixel] = []
        out.reserveCapacity(w * h)
        for y in 0..<h {
            let y0 = y * height / h, y1 = max(y0 + 1, (y + 1) * height / h)
            for x in 0..<w {
                let x0 = x * width / w, x1 = max(x0 + 1, (x + 1) * width / w)
                var r = 0, g = 0, b = 0
                for yy in y0..<y1 {
                    for xx in x0..<x1 {
                        let p = pixel(xx, yy)
                        r += p.r
                        g += p.g
                        b += p.b
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                out.append(Pixel(UInt8(clamping: r / n), UInt8(clamping: g / n), UInt8(clamping: b / n)))
            }
        }
        return RGBPicture(width: w, height: h, pixels: out)
    }

    /// The picture turned by each orientation in turn (Exif semantics, as `MapOrientation`).
    package func oriented(_ steps: [MapOrientation]) -> RGBPicture {
        var p = self
        for step in steps where step != .identity {
            let turned = step.apply(p.pixels, width: p.width, height: p.height)
            p = RGBPicture(width: turned.width, height: turned.height, pixels: turned.samples) ?? p
        }
        return p
    }

    /// The picture as a PNG file (libpng, 8-bit RGB).
    package func png() throws(PNGBridge.EncodeError) -> [UInt8] {
        var out: [UInt8] = []
        let encoder = try PNGBridge.Encoder(rgbWidth: width, height: height) { bytes in
            out += bytes
            return true
        }
        let bytes = interleaved
        try bytes.withUnsafeBufferPointer { (rows) throws(PNGBridge.EncodeError) in try encoder.write(rows: rows) }
        try encoder.finish()
        return out
    }

    /// The picture as a baseline JPEG (libjpeg-turbo, YCbCr 4:2:0) at `quality`, or nil when
    /// the encoder fails: for a picture whose exact colours do not matter.
    package func jpeg(quality: Int) -> [UInt8]? {
        let rgb = interleaved
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = rgb.withUnsafeBufferPointer { s in
            cje_encode_rgb(s.baseAddress, UInt32(clamping: width), UInt32(clamping: height), Int32(max(1, min(100, quality))),
                           &out, &count, &message, message.count)
        }
        guard status == 0, let p = out else { return nil }
        defer { cje_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }

    /// The pixels as R G B bytes, rows packed.
    var interleaved: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count * 3) { buffer, count in
            var k = 0
            for p in pixels {
                buffer[k] = p.r
                buffer[k + 1] = p.g
                buffer[k + 2] = p.b
                k += 3
            }
            count = k
        }
    }

    /// Whether the picture has at most 64 distinct colours (a flat map, a two-level matte):
    /// one whose PNG may be smaller than its JPEG.
    package var hasFewColours: Bool {
        var seen: [UInt32] = []
        for p in pixels {
            let c = UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            if seen.last == c || seen.contains(c) { continue }
            seen.append(c)
            if seen.count > 64 { return false }
        }
        return true
    }
}
