import Container

/// A small grid of one value a pixel, rows top to bottom, on which content alignment compares
/// a map's structure with its photo's: the photo's luma or a map's first channel, shrunk to a
/// working size. Values are Float; nothing here is a source of values for a finding but the
/// scores `ContentAlignment` derives.
package struct AlignmentGrid: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package let values: [Float]

    /// Nil unless `values` holds exactly `width` × `height` values.
    package init?(width: Int, height: Int, values: [Float]) {
        guard width > 0, height > 0, let n = width *? height, n == values.count else { return nil }
        self.width = width
        self.height = height
        self.values = values
    }

    /// The picture's luma (ITU-R BT.601 weights), as drawn.
    package init(luma p: RGBPicture) {
        width = p.width
        height = p.height
        values = p.pixels.map { Float($0.r) * 0.299 + Float($0.g) * 0.587 + Float($0.b) * 0.114 }
    }

    /// The grid turned by `orientation` (Exif semantics, as `MapOrientation`).
    package func oriented(_ orientation: MapOrientation) -> AlignmentGrid {
        guard orientation != .identity else { return self }
        let t = orientation.apply(values, width: width, height: height)
        return AlignmentGrid(width: t.width, height: t.height, values: t.samples) ?? self
    }

    /// The grid stretched or shrunk to `w` × `h` by bilinear interpolation between value
    /// centres; with `keeping` under 100, only the middle `keeping` % of its width and height.
    package func resampled(width w: Int, height h: Int, keeping percent: Int = 100) -> AlignmentGrid {
        guard w > 0, h > 0, w != width || h != height || percent != 100 else { return self }
        var out = [Float](repeating: 0, count: w * h)
        let k = Float(max(1, min(100, percent))) / 100
        let sx = Float(width) * k / Float(w), sy = Float(height) * k / Float(h)
        let ox = Float(width) * (1 - k) / 2, oy = Float(height) * (1 - k) / 2
        for y in 0..<h {
            let fy = min(max(oy + (Float(y) + 0.5) * sy - 0.5, 0), Float(height - 1))
            let y0 = Int(fy), y1 = min(y0 + 1, height - 1), ty = fy - Float(y0)
            for x in 0..<w {
                let fx = min(max(ox + (Float(x) + 0.5) * sx - 0.5, 0), Float(width - 1))
                let x0 = Int(fx), x1 = min(x0 + 1, width - 1), tx = fx - Float(x0)
                let top = values[y0 * width + x0] * (1 - tx) + values[y0 * width + x1] * tx
                let bottom = values[y1 * width + x0] * (1 - tx) + values[y1 * width + x1] * tx
                out[y * w + x] = top * (1 - ty) + bottom * ty
            }
        }
        return AlignmentGrid(width: w, height: h, values: out) ?? self
    }

    /// The grid moved `dx` columns right and `dy` rows down (negative: left, up), the edge
    /// row or column repeated into what opens.
    package func shifted(dx: Int, dy: Int) -> AlignmentGrid {
        guard dx != 0 || dy != 0 else { return self }
        var out = [Float](repeating: 0, count: values.count)
        for y in 0..<height {
            let sy = min(max(y - dy, 0), height - 1)
            for x in 0..<width {
                out[y * width + x] = values[sy * width + min(max(x - dx, 0), width - 1)]
            }
        }
        return AlignmentGrid(width: width, height: height, values: out) ?? self
    }

    /// The gradient magnitude after a 1-2-1 blur in each direction: where the grid has edges,
    /// whatever their sign. Central differences; the border row and column are 0.
    package func edges() -> AlignmentGrid {
        guard width >= 3, height >= 3 else { return AlignmentGrid(width: width, height: height, values: [Float](repeating: 0, count: width * height)) ?? self }
        var across = values
        for y in 0..<height {
            for x in 1..<(width - 1) {
                across[y * width + x] = (values[y * width + x - 1] + 2 * values[y * width + x] + values[y * width + x + 1]) / 4
            }
        }
        var blurred = across
        for y in 1..<(height - 1) {
            for x in 0..<width {
                blurred[y * width + x] = (across[(y - 1) * width + x] + 2 * across[y * width + x] + across[(y + 1) * width + x]) / 4
            }
        }
        var out = [Float](repeating: 0, count: width * height)
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let gx = blurred[y * width + x + 1] - blurred[y * width + x - 1]
                let gy = blurred[(y + 1) * width + x] - blurred[(y - 1) * width + x]
                out[y * width + x] = (gx * gx + gy * gy).squareRoot()
            }
        }
        return AlignmentGrid(width: width, height: height, values: out) ?? self
    }

    /// The Pearson correlation of two grids of one size (nil for another size, or a constant grid).
    package func correlation(with other: AlignmentGrid) -> Double? {
        guard width == other.width, height == other.height, !values.isEmpty else { return nil }
        let n = Double(values.count)
        var sa = 0.0, sb = 0.0
        for i in values.indices { sa += Double(values[i]); sb += Double(other.values[i]) }
        let ma = sa / n, mb = sb / n
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in values.indices {
            let a = Double(values[i]) - ma, b = Double(other.values[i]) - mb
            ab += a * b
            aa += a * a
            bb += b * b
        }
        guard aa > 0, bb > 0 else { return nil }
        return ab / (aa * bb).squareRoot()
    }

    /// The share of values above `fraction` of the largest: how much of an edge grid has edges.
    package func share(above fraction: Float) -> Double {
        guard let top = values.max(), top > 0 else { return 0 }
        let cut = top * fraction
        return Double(values.lazy.filter { $0 > cut }.count) / Double(values.count)
    }
}
