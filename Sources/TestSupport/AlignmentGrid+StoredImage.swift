import AuxData
import Container

/// Test inputs for content alignment: a decoded map as a grid, as the engine's
/// `AlignmentPreview` takes it while decoding.
extension AlignmentGrid {
    /// A stored image's first channel (samples as stored; alignment needs their order, not their
    /// meaning), shrunk to at most `maxSide` on its longer side, each value the mean of the
    /// samples it covers.
    package init?(firstChannelOf image: StoredImage, maxSide: Int) {
        let w = image.width, h = image.height, c = image.channels
        guard w > 0, h > 0, c > 0, let n = w *? h, let all = n *? c, all == image.samples.count else { return nil }
        let longer = max(w, h)
        let (ow, oh) = longer > maxSide ? (max(1, w * maxSide / longer), max(1, h * maxSide / longer)) : (w, h)
        var out = [Float](repeating: 0, count: ow * oh)
        image.samples.withUnsafeBufferPointer { s in
            for y in 0..<oh {
                let y0 = y * h / oh, y1 = max(y0 + 1, (y + 1) * h / oh)
                for x in 0..<ow {
                    let x0 = x * w / ow, x1 = max(x0 + 1, (x + 1) * w / ow)
                    var sum: Float = 0
                    for yy in y0..<y1 {
                        for xx in x0..<x1 { sum += Float(s[(yy * w + xx) * c]) }
                    }
                    out[y * ow + x] = sum / Float((y1 - y0) * (x1 - x0))
                }
            }
        }
        self.init(width: ow, height: oh, values: out)
    }
}
