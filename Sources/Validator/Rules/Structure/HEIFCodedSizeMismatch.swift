import AuxData
import Container

/// ISO/IEC 23008-12 §6.5.3.1: ispe gives the size of the reconstructed image, which for HEVC
/// is the SPS picture size after its conformance window (ITU-T H.265 §7.4.3.2.1). A coded
/// picture smaller than ispe in either direction cannot give the image ispe describes: its
/// reconstructed image lacks the pixels, and readers refuse it. A coded picture larger in
/// both directions is `HEIFCodedSizePadded`'s. An AV1 item's reconstructed image is a frame,
/// UpscaledWidth × FrameHeight (AV1 §5.9.5 frame_size, §5.9.7 frame_size_with_refs), which has
/// no window to crop: any other ispe is wrong. AVIF §2.1 names the frame: with an `lsel` of a
/// layer, that layer's last output frame; otherwise the last frame decoded at the operating
/// point `a1op` selects, 0 without one. Data whose first frame is not a shown key frame is
/// `structure.avif.item-data`'s.
struct HEIFCodedSizeMismatch: Rule {
    let info = RuleInfo(
        .structureHEIFCodedSizeMismatch, .error, Citation(.heif, "§6.5.3.1 ispe; ITU-T H.265 §7.4.3.2.1 conformance window; AV1 Image File Format (AVIF) v1.1.0 §2.1 (the item data is a frame of that size)"),
        summary: "An HEVC item's SPS codes a picture (after the conformance window) at least as large as its ispe in both directions; an AV1 item's frame is its ispe's size.",
        fix: "Write ispe as the decoded size, or fix the SPS conformance window.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // Indexed: every item of every file is looked at, read in place rather than copied.
        let items = file.items
        var findings: [RuleFinding] = []
        for i in items.indices {
            guard let s = items[i].ispe, let sps = items[i].hvcC?.sps,
                  sps.croppedWidth != s.width || sps.croppedHeight != s.height,
                  !HEIFCodedSizePadded.isPadded(sps, s) else { continue }
            let coded = "\(sps.croppedWidth.map { "\($0)" } ?? "?")×\(sps.croppedHeight.map { "\($0)" } ?? "?")"
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         "item \(items[i].id): SPS codes \(coded), ispe says \(s.width)×\(s.height)"))
        }
        for i in items.indices {
            guard let s = items[i].ispe, let data = file.av1Items[items[i].id], data.firstFrame?.isShownKeyFrame == true else { continue }
            let point = Int(items[i].a1op?.opIndex ?? 0)
            let layer = items[i].lsel.map(\.layerID).flatMap { $0 == HEIF.LayerSelector.anyLayer ? nil : Int($0) }
            guard let frame = data.imageFrame(operatingPoint: point, layer: layer),
                  let w = frame.width, let h = frame.height, w != s.width || h != s.height else { continue }
            let which = data.frames.count == 1 ? "its AV1 key frame"
                : layer.map { "the last frame of its AV1 spatial layer \($0)" } ?? "the last frame its AV1 operating point \(point) decodes"
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         "item \(items[i].id): \(which) is \(w)×\(h), ispe says \(s.width)×\(s.height)"))
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.coded-size-mismatch`, checked by this file's rule.
    package static let structureHEIFCodedSizeMismatch = RuleID(rawValue: "structure.heif.coded-size-mismatch")
}
