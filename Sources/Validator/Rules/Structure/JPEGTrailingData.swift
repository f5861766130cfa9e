import AuxData
import Container

/// Bytes after the last image belong to no image in the MPF index; some iPhone files carry ~1 MB of zeros there, which readers tolerate, so this is a warning.
struct JPEGTrailingData: Rule {
    let info = RuleInfo(
        "structure.jpeg.trailing-data", .warning,
        Citation(.jpeg, "Annex B.2.1 (EOI ends the compressed data); CIPA DC-007 §5.2.3.3 (each MP image located by offset and size)"),
        summary: "No bytes follow the last image's EOI.",
        fix: "Truncate the file after the last image's EOI (FF D9).")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        guard let trailing = file.trailingBytes, !Self.holdsDynamicDepthItems(photo, file) else { return .passed }
        return .failed([info.finding(trailing.lowerBound, "", "\(trailing.count) bytes after the last image")])
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
