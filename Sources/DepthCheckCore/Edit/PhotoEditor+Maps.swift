import AuxData
import Validator
import Container

extension PhotoEditor {
    /// The map `source` gives, in the photo's stored frame (turned from the display frame
    /// with ``orient``). A map file's header is refused before its samples are read when the
    /// map has more pixels than the photo: a map never outgrows its photo.
    public func map(_ source: EmbedSource) throws(DepthCheckError) -> EmbedMap {
        let (pw, ph) = primarySize
        let steps = orient ? MapOrientation.primarySteps(in: photo) : []
        let file: MapFile
        let name: String
        switch source {
        case .map(let m):
            // A caller's sizes, multiplied with overflow checked: a huge width is refused, not a trap.
            guard m.width > 0, m.height > 0, let pixels = m.width *? m.height, m.values.count == pixels else {
                throw .invalidRequest(message: "\(m.name): \(m.values.count) values for a \(m.width)×\(m.height) map")
            }
            guard pixels <= (pw *? ph) ?? Int.max else {
                throw .invalidRequest(message: "refused: \(m.name) has \(m.width)×\(m.height) pixels; a map may have no more pixels than its photo (\(pw)x\(ph))")
            }
            file = MapFile(width: m.width, height: m.height, values: m.values, isNormalisedGray: m.isNormalisedGray)
            name = m.name
        case .file(let path):
            let bytes = try PhotoFile.read(path, .whole)
            let maxPixels = min(limits.maxPixels, (pw *? ph) ?? limits.maxPixels)
            do { file = try MapFile(parsing: bytes, maxPixels: maxPixels) } catch {
                if error.code == .limitExceeded {
                    throw .mapTooLarge(name: path, detail: error.detail, photoWidth: pw, photoHeight: ph)
                }
                throw .invalidRequest(message: "\(path): \(error)")
            }
            name = path
        }
        let m = MapOrientation.storedFrame(of: file.values, width: file.width, height: file.height, undoing: steps)
        return EmbedMap(name: name, width: m.width, height: m.height, values: m.samples, isNormalisedGray: file.isNormalisedGray)
    }

    /// Refuses a map whose aspect ratio is not the photo's (`MapAspect`, within a pixel),
    /// pointing to ``orient`` when the map has the shape of the photo as displayed, which
    /// is what a depth model run on the shown image gives.
    func requireAspect(_ map: EmbedMap, rule: RuleID) throws(DepthCheckError) {
        let (pw, ph) = primarySize
        guard !MapAspect.matches(map.width, map.height, photo: pw, ph) else { return }
        // The photo as shown: a quarter turn in its orientation swaps its sides.
        let turns = MapOrientation.primarySteps(in: photo).filter(\.swapsAxes).count % 2 == 1
        let (dw, dh) = turns ? (ph, pw) : (pw, ph)
        let text = "\(map.name) is \(map.width)×\(map.height)\(orient ? " in the stored frame" : ""), the photo \(pw)×\(ph): "
            + "the aspect ratios differ by more than one pixel (a \(map.width)-wide map of this photo is "
            + "\(Self.rounded(Double(map.width) * Double(ph) / Double(pw))) high)"
        let displayed = !orient && (dw, dh) != (pw, ph) && MapAspect.matches(map.width, map.height, photo: dw, dh)
        throw .aspectMismatch(rule: rule, message: text, displayWidth: displayed ? dw : nil, displayHeight: displayed ? dh : nil)
    }

    /// A value with at most one decimal, without float noise: `375`, `12.5`.
    static func rounded(_ v: Double) -> String {
        let tenths = (v * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
