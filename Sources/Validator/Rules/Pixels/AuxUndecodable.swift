import AuxData

/// An aux image whose coded data does not decode gives a reader no samples at all (or, from a
/// decoder that conceals errors, invented ones): a truncated MP image, a corrupt entropy-coded
/// segment, an HEVC item the decoder refuses. Only `check --pixels` decodes.
struct AuxUndecodable: PixelRule {
    let info = RuleInfo(
        .pixelsAuxUndecodable, .error,
        Citation(.jpeg, "Annex B.2 (the compressed data of an aux JPEG, SOI to EOI); ITU-T H.265 §7.3 (the coded picture of an HEVC aux item)"),
        summary: "Every aux image's coded data decodes completely (check --pixels).",
        fix: "Re-export the photo: the aux image's coded data is truncated or corrupt.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome {
        overDecoded(photo, pixels) { aux, summary in
            // Over --max-pixels is structure.limits.exceeded's; an unsupported coding is not judged.
            guard let e = summary.error, e.code == .undecodable || e.code == .noData else { return [] }
            return [info.finding(e.location.offset, e.location.path, "\(aux.named) does not decode: \(e.message)")]
        }
    }
}

extension RuleID {
    /// `pixels.aux.undecodable`, checked by this file's rule.
    package static let pixelsAuxUndecodable = RuleID(rawValue: "pixels.aux.undecodable")
}
