import AuxData
import Validator

/// The pictures of one compared aux image, for the HTML page: the original's map and the
/// export's (resampled to the original's size) on one colour scale, and where they differ.
package struct ComparisonPictures: Sendable, Hashable {
    /// The original's map.
    package let original: FileVisuals.Picture
    /// The export's map, resampled to the original's size, on the original's colour scale.
    package let export: FileVisuals.Picture
    /// Each sample's difference: black where equal, brighter as they part, red beyond the
    /// tolerance.
    package let difference: FileVisuals.Picture

    /// Nil when a picture cannot be encoded.
    static func make(_ mine: DisplayedValues, _ theirs: DisplayedValues, tolerance: Double, depthLike: Bool,
                     maxSide: Int) -> ComparisonPictures? {
        let range = mine.finiteRange
        let low = Double(range?.low ?? 0), high = Double(range?.high ?? 0)
        let span = high > low ? high - low : 1
        func colour(_ v: Float) -> RGBPicture.Pixel {
            guard v.isFinite else { return RGBPicture.Pixel(0, 0, 0) }
            let t = (Double(v) - low) / span
            if depthLike {
                let (r, g, b) = TurboColourMap.table[Int((min(1, max(0, t)) * 255).rounded())]
                return RGBPicture.Pixel(r, g, b)
            }
            let g = UInt8(clamping: Int((min(1, max(0, t)) * 255).rounded()))
            return RGBPicture.Pixel(g, g, g)
        }
        var a: [RGBPicture.Pixel] = [], b: [RGBPicture.Pixel] = [], d: [RGBPicture.Pixel] = []
        let n = mine.width * mine.height
        a.reserveCapacity(n)
        b.reserveCapacity(n)
        d.reserveCapacity(n)
        for y in 0..<mine.height {
            let ty = min(theirs.height - 1, (2 * y + 1) * theirs.height / (2 * mine.height))
            for x in 0..<mine.width {
                let tx = min(theirs.width - 1, (2 * x + 1) * theirs.width / (2 * mine.width))
                // The first channel: a colour gain map is drawn by its red.
                let u = mine.value((y * mine.width + x) * mine.channels, channel: 0)
                let v = theirs.value((ty * theirs.width + tx) * theirs.channels, channel: 0)
                a.append(colour(u))
                b.append(colour(v))
                let e = abs(Double(u) - Double(v))
                if !(e <= tolerance) {
                    d.append(RGBPicture.Pixel(220, 30, 30))
                } else {
                    let g = UInt8(clamping: Int(tolerance > 0 ? e / tolerance * 160 : 0))
                    d.append(RGBPicture.Pixel(g, g, g))
                }
            }
        }
        guard let pa = RGBPicture(width: mine.width, height: mine.height, pixels: a),
              let pb = RGBPicture(width: mine.width, height: mine.height, pixels: b),
              let pd = RGBPicture(width: mine.width, height: mine.height, pixels: d),
              let ea = ReportVisuals.picture(pa.fitting(maxSide)), let eb = ReportVisuals.picture(pb.fitting(maxSide)),
              let ed = ReportVisuals.picture(pd.fitting(maxSide)) else { return nil }
        return ComparisonPictures(original: ea, export: eb, difference: ed)
    }
}
