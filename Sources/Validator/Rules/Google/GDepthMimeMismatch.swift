import AuxData

/// GDepth:Mime says how to decode Data; a PNG labelled image/jpeg (or the reverse) fails in
/// readers that trust the label.
struct GDepthMimeMismatch: Rule {
    let info = RuleInfo(
        .googleGDepthMIMEMismatch, .error,
        Citation(.gdepth, "reference: GDepth:Mime is the MIME type of GDepth:Data"),
        summary: "GDepth:Mime matches the payload (image/png or image/jpeg by its signature).",
        fix: "Write GDepth:Mime as the real type of the depth image in GDepth:Data.")

    static func sniff(_ d: [UInt8]) -> String? {
        if d.count >= 8, d[0] == 0x89, d[1] == 0x50, d[2] == 0x4E, d[3] == 0x47 { return "image/png" }
        if d.count >= 3, d[0] == 0xFF, d[1] == 0xD8, d[2] == 0xFF { return "image/jpeg" }
        return nil
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let g = photo.gdepth, let mime = g.mime, let data = g.data, !data.isEmpty else { return .notApplicable }
        let at = photo.auxImages.first { $0.isGDepth }?.location
        let actual = Self.sniff(data)
        guard actual != mime.lowercased() else { return .passed }
        return .failed([info.finding(at?.offset, at?.path ?? "APP1/XMP",
                                     "GDepth:Mime is '\(mime)' but the \(data.count)-byte payload is \(actual ?? "neither PNG nor JPEG")")])
    }
}

extension RuleID {
    /// `google.gdepth.mime-mismatch`, checked by this file's rule.
    package static let googleGDepthMIMEMismatch = RuleID(rawValue: "google.gdepth.mime-mismatch")
}
