/// The aspect test the rules apply to a map and its photo (`geometry.aux.aspect-mismatch`,
/// `matte.aspect-mismatch`), which a writer applies before it writes: the map's sides are
/// within one pixel of the photo's aspect ratio, in the stored frame. Apple's maps (576×768 of
/// a 3024×4032 photo) are scaled copies; one pixel absorbs the rounding of a scaled side.
package enum MapAspect {
    package static func matches(_ w: Int, _ h: Int, photo fw: Int, _ fh: Int) -> Bool {
        guard w > 0, h > 0, fw > 0, fh > 0 else { return false }
        let expectedH = Double(w) * Double(fh) / Double(fw)
        let expectedW = Double(h) * Double(fw) / Double(fh)
        return abs(Double(h) - expectedH) <= 1.0 || abs(Double(w) - expectedW) <= 1.0
    }
}
