import AuxData
import Container

/// An HEVC item coded larger than its ispe in both directions (cameras code thumbnails and
/// previews at sizes padded to whole coding blocks: Canon and Sony HIF code 320×320 for an
/// ispe of 320×214). ISO/IEC 23008-12 §6.5.3.1 defines ispe as the size of the reconstructed
/// image without a "shall" that the two agree. Readers differ: libheif 1.15 and depthcheck show
/// the top left ispe-sized part, while libheif 1.23 refuses to decode the item ("Decoded image
/// does not have the size signaled in the file"). The padding is better said by the SPS
/// conformance window or a `clap` (§6.5.9). A note: no clause is broken.
struct HEIFCodedSizePadded: Rule {
    let info = RuleInfo(
        .structureHEIFCodedSizePadded, .note, Citation(.heif, "§6.5.3.1 ispe; §6.5.9 clap; ITU-T H.265 §7.4.3.2.1 conformance window"),
        summary: "An HEVC item's SPS codes the picture at its ispe size, not padded past it.",
        fix: "Say the padding in the SPS conformance window (or a clap), so that every reader decodes the item: libheif 1.23 refuses a picture coded larger than its ispe.")

    /// Larger than a non-empty ispe in both directions, and not equal (an ispe of 0 describes
    /// no image to pad: coded-size-mismatch's).
    static func isPadded(_ sps: HEIF.HEVCSequenceParameterSet, _ s: HEIF.ImageSpatialExtents) -> Bool {
        guard let w = sps.croppedWidth, let h = sps.croppedHeight, s.width > 0, s.height > 0 else { return false }
        return w >= s.width && h >= s.height && (w, h) != (s.width, s.height)
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let items = file.items
        var findings: [RuleFinding] = []
        for i in items.indices {
            guard let s = items[i].ispe, let sps = items[i].hvcC?.sps, Self.isPadded(sps, s),
                  let w = sps.croppedWidth, let h = sps.croppedHeight else { continue }
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         "item \(items[i].id): SPS codes \(w)×\(h), padded past its ispe \(s.width)×\(s.height); libheif 1.15 and depthcheck crop it to ispe, libheif 1.23 refuses to decode it"))
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.coded-size-padded`, checked by this file's rule.
    package static let structureHEIFCodedSizePadded = RuleID(rawValue: "structure.heif.coded-size-padded")
}
