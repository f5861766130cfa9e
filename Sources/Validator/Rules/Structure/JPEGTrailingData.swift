import AuxData
import Container

/// Bytes after the last image, or between the primary and the next, belong to no image in the MPF index. Readers stop at the last EOI,
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
        var out: [Finding] = []
        // Between the primary's EOI and the next image: zeros align the next image (some
        // cameras pad each image to 512 bytes) and Dynamic Depth items live there; anything
        // else belongs to no image.
        if let gap = file.afterPrimary, !file.afterPrimaryIsZero, !Self.holdsDynamicDepthItems(photo, gap),
           !Self.holdsGContainerItems(photo, gap) {
            out.append(info.finding(gap.lowerBound, "", "\(gap.count) bytes between the primary's EOI and the next image belong to no image"))
        }
        if let trailing = file.trailingBytes, !(file.mpf == nil && Self.holdsDynamicDepthItems(photo, trailing)),
           !Self.holdsGContainerItems(photo, trailing) {
            let at = trailing.lowerBound
            if file.trailingBytesAreZero {
                out.append(info.finding(at, "", "\(trailing.count) zero bytes after the last image (padding)", severity: .note))
            } else {
                // T.81 B.2.1: an SOI starts a JPEG stream, here one the index does not locate.
                out.append(info.finding(at, "", file.trailingBytesStartWithSOI
                    ? "\(trailing.count) bytes after the last image begin with SOI (FF D8): an unindexed image follows"
                    : "\(trailing.count) bytes after the last image"))
            }
        }
        return out.isEmpty ? .passed : .failed(out)
    }

    /// Android's Ultra HDR format ("Item element"): the GContainer directory's items follow
    /// the primary, tightly packed; bytes its lengths and paddings account for exactly, from the
    /// gain map image the directory located there, are those items.
    static func holdsGContainerItems(_ photo: DepthPhoto, _ range: Range<Int>) -> Bool {
        guard let dir = photo.gainMapDeclaration?.directory, dir.items.count > 1,
              let first = photo.auxImages.first(where: { $0.coded.dataRange?.lowerBound == range.lowerBound })?.coded.dataRange,
              let located = dir.secondaryRanges(after: range.lowerBound - max(0, dir.items.first?.padding ?? 0)).last,
              let last = located else { return false }
        return first.lowerBound == range.lowerBound && last.upperBound +? max(0, dir.items.last?.padding ?? 0) == range.upperBound
    }

    /// Dynamic Depth 1.0 §Container: item payloads follow the primary's EOI. Bytes there that
    /// its Directory accounts for exactly are those items, not stray data.
    static func holdsDynamicDepthItems(_ photo: DepthPhoto, _ range: Range<Int>) -> Bool {
        guard let dd = photo.dynamicDepth, dd.items.count > 1, photo.trailer == range else { return false }
        return dd.payloadLength == range.count
    }
}
