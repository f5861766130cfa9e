import AuxData

/// A reader sizes its buffer from the declared size (HEIF `ispe`, the JPEG frame header) and
/// then receives the decoded picture: when the two differ it reads past the picture or leaves
/// rows unset. `structure.heif.coded-size-mismatch` compares ispe with the SPS; this rule
/// compares the declared size with what the decoder actually delivers.
struct AuxSizeMismatch: PixelRule {
    let info = RuleInfo(
        .pixelsAuxSizeMismatch, .error,
        Citation(.heif, "§6.5.3.1 ispe (the size of the reconstructed image) against the decoded picture; ITU-T T.81 Annex B.2.2 frame header X, Y"),
        summary: "Every decoded aux image has the width and height its container declares (check --pixels).",
        fix: "Write ispe (or the aux JPEG's frame header) as the size the coded picture decodes to.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome {
        overDecoded(photo, pixels) { aux, summary in
            switch summary.result {
            case .failure(let e) where e.code == .sizeMismatch:
                return [info.finding(e.location.offset, e.location.path, "\(aux.named): \(e.message)")]
            case .success(let d):
                guard let w = aux.coded.width, let h = aux.coded.height, w != d.layout.width || h != d.layout.height else { return [] }
                return [info.finding(aux.location.offset, aux.location.path,
                                     "\(aux.named) decodes to \(d.layout.width)×\(d.layout.height), declared \(w)×\(h)")]
            default:
                return []
            }
        }
    }
}

extension RuleID {
    /// `pixels.aux.size-mismatch`, checked by this file's rule.
    package static let pixelsAuxSizeMismatch = RuleID(rawValue: "pixels.aux.size-mismatch")
}
