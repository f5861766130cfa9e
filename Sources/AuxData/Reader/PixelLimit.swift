import Container

/// `ParseLimits.maxPixels` (`--max-pixels`): an aux image whose coded size is over the limit
/// is an issue when it is read, so nothing later (a decode, an extraction) allocates for it.
enum PixelLimit {
    static func check(_ coded: CodedImage, _ limits: ParseLimits, issues: inout [ParseError]) {
        guard let w = coded.width, let h = coded.height else { return }
        do throws(ParseError) {
            try limits.check((w *? h) ?? Int.max, limits.maxPixels, "aux image pixels (\(w)×\(h))",
                             at: coded.location.offset, path: coded.location.path)
        } catch {
            issues.append(error)
        }
    }
}
