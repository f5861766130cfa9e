import AuxData
import Container

/// Bytes after the last image belong to no image in the MPF index. Readers stop at the last EOI,
/// so stray bytes are a warning; zeros (the iPhone 7 Plus ends its files with up to ~1 MB of
/// them) are padding and only a note.
struct JPEGTrailingData: Rule {
    let info = RuleInfo(
        "structure.jpeg.trailing-data", .warning,
        Citation(.jpeg, "Annex B.2.1 (EOI ends the compressed data); CIPA DC-007 §5.2.3.3 (each MP image located by offset and size)"),
        summary: "No bytes follow the last image's EOI (zero padding is only a note).",
        fix: "Truncate the file after the last image's EOI (FF D9), or list an appended image in the MPF index.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        guard let trailing = file.trailingBytes, !Self.holdsDynamicDepthItems(photo, file) else { return .passed }
        let at = trailing.lowerBound
        if file.trailingBytesAreZero {
            return .failed([info.finding(at, "", "\(trailing.count) zero bytes after the last image (padding)", severity: .note)])
        }
        // T.81 B.2.1: an SOI starts a JPEG stream, here one the index does not locate.
        let message = file.trailingBytesStartWithSOI
            ? "\(trailing.count) bytes after the last image begin with SOI (FF D8): an unindexed image follows"
            : "\(trailing.count) bytes after the last image"
        return .failed([info.finding(at, "", message)])
    }

    /// Dynamic Depth 1.0 §Container: item payloads follow the primary's EOI in a file without
    /// MPF. Bytes its Directory accounts for exactly are those items, not stray data.
    static func holdsDynamicDepthItems(_ photo: DepthPhoto, _ file: JPEG.File) -> Bool {
        guard file.mpf == nil, let dd = photo.dynamicDepth, dd.items.count > 1, let trailer = photo.trailer else {
            return false
        }
        return dd.payloadLength == trailer.count
    }
}
