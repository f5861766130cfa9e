import AuxData
import Container

/// AVIF v1.1.0 §2.1: an AV1 Image Item's data shall be identical to an AV1 sample marked
/// 'sync' (AV1 Codec ISO Media File Format Binding §2.4: its first frame is a shown key
/// frame, which a decoder can start from) and shall have exactly one Sequence Header OBU.
/// Data without a sequence header cannot be decoded, and a second one may change what the
/// first said; a first frame that is not a shown key frame needs frames the item does not
/// have. OBUs that cannot be read (a size past the item's data, a sequence header that ends
/// early) are reader problems of this rule (see `ReaderProblems`).
struct AVIFItemData: Rule {
    let readerCodes: [ParseError.Code] = [.av1DataInvalid]
    let info = RuleInfo(
        .structureAVIFItemData, .error,
        Citation(.avif, "§2.1 AV1 Image Item Data (a sample marked sync, exactly one Sequence Header OBU)"),
        summary: "An av01 item's data is readable OBUs with exactly one Sequence Header OBU, starting with a shown key frame.",
        fix: "Store the item as one key frame temporal unit with its sequence header, as an AV1 encoder writes a still image.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, !file.av1Items.isEmpty else { return .notApplicable }
        var findings: [RuleFinding] = []
        for (id, data) in file.av1Items.sorted(by: { $0.key < $1.key }) where data.complete {
            let path = "meta/iloc/item[\(id)]:av01"
            let offset = file.dataRanges[id]?.first?.lowerBound ?? 0
            if data.sequenceHeaderOffsets.count != 1 {
                findings.append(info.finding(data.sequenceHeaderOffsets.dropFirst().first ?? offset, path,
                                             "item \(id) has \(data.sequenceHeaderOffsets.count) Sequence Header OBUs in its \(data.obuCount) OBUs; it has exactly one"))
            }
            guard data.sequenceHeader != nil else { continue }
            if let frame = data.firstFrame {
                if !frame.isShownKeyFrame {
                    let what = frame.showExistingFrame ? "shows an existing frame"
                        : "is a \(["key", "inter", "intra-only", "switch"][Int(frame.frameType & 3)]) frame\(frame.showFrame ? "" : " not shown")"
                    findings.append(info.finding(frame.offset, path, "item \(id)'s first frame \(what): its data is not a sync sample, which starts with a shown key frame"))
                }
            } else {
                findings.append(info.finding(offset, path, "item \(id) has no frame after its sequence header"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.avif.item-data`, checked by this file's rule.
    package static let structureAVIFItemData = RuleID(rawValue: "structure.avif.item-data")
}
