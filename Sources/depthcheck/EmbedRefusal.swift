import AuxData

/// Why `embed` or `strip` will not write: the validator rule the result would break, named
/// by its id, and exit 2 (the request is wrong), decided before anything is written.
enum EmbedRefusal {
    static func refuse(_ rule: String, _ message: String) -> CommandFailure {
        CommandFailure(Exit.usage, "refused (\(rule)): \(message)")
    }

    /// Why a map of `w`×`h` is refused for a photo of `pw`×`ph` (stored): the tolerance, and
    /// `--orient` when the map has the shape of the photo as it is displayed (`displayed`,
    /// after its orientation), which is what a depth model run on the shown image gives.
    static func aspectMessage(_ path: String, _ w: Int, _ h: Int, photo pw: Int, _ ph: Int,
                              displayed: (Int, Int)?, orient: Bool) -> String {
        var text = "\(path) is \(w)×\(h)\(orient ? " in the stored frame" : ""), the photo \(pw)×\(ph): "
            + "the aspect ratios differ by more than one pixel (a \(w)-wide map of this photo is "
            + "\(Self.rounded(Double(w) * Double(ph) / Double(pw))) high)"
        if !orient, let (dw, dh) = displayed, (dw, dh) != (pw, ph), aspectMatches(w, h, dw, dh) {
            text += "; the map fits the photo as displayed (\(dw)×\(dh)): add --orient to store it in the photo's frame"
        }
        return text
    }

    /// A value with at most one decimal, without float noise: `375`, `12.5`.
    static func rounded(_ v: Double) -> String {
        let tenths = (v * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    /// The aspect test the rules apply (`MapAspect`).
    static func aspectMatches(_ w: Int, _ h: Int, _ fw: Int, _ fh: Int) -> Bool {
        MapAspect.matches(w, h, photo: fw, fh)
    }
}
