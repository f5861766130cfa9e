import AuxData

/// Why `embed` or `strip` will not write: the validator rule the result would break, named
/// by its id, and exit 2 (the request is wrong), decided before anything is written.
enum EmbedRefusal {
    static func refuse(_ rule: String, _ message: String) -> CommandFailure {
        CommandFailure(Exit.usage, "refused (\(rule)): \(message)")
    }

    /// The aspect test the rules apply (`geometry.aux.aspect-mismatch`, `matte.aspect-mismatch`):
    /// within one pixel of the primary's aspect ratio, in the stored frame.
    static func aspectMatches(_ w: Int, _ h: Int, _ fw: Int, _ fh: Int) -> Bool {
        guard w > 0, h > 0, fw > 0, fh > 0 else { return false }
        let expectedH = Double(w) * Double(fh) / Double(fw)
        let expectedW = Double(h) * Double(fw) / Double(fh)
        return abs(Double(h) - expectedH) <= 1.0 || abs(Double(w) - expectedW) <= 1.0
    }
}
