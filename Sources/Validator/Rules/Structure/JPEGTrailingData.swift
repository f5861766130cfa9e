import AuxData
import Container

/// Bytes after the last image, or between the primary and the next, belong to no image in the MPF index. Readers stop at the last EOI,
/// so stray bytes are a warning; zeros (the iPhone 7 Plus ends its files with up to ~1 MB of
/// them) are padding and only a note, and so is a vendor's trailer recognised by its signature
/// (Leia LIF, Samsung SEFT, …: `JPEG.KnownTrailer`), which its own application reads. Bytes
/// depthcheck cannot name may be such data too, so the fix never says to cut them off.
struct JPEGTrailingData: Rule {
    let info = RuleInfo(
        .structureJPEGTrailingData, .warning,
        Citation(.jpeg, "Annex B.2.1 (EOI ends the compressed data); CIPA DC-007 §5.2.3.3 (each MP image located by offset and size)"),
        summary: "No bytes follow the last image's EOI, other than padding or a vendor's known trailer (notes).",
        fix: "Find out what wrote the bytes before removing any: an application may keep its data there (other views, depth, video, edits). An appended image belongs in the MPF index.",
        severityNote: "a note for zero padding (iPhone 7 Plus files end in up to ~1 MB of zeros), for padding to the boundary every image starts on (Panasonic aligns frames to 512 bytes), and for a vendor's trailer recognised by its signature, which its application reads")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [RuleFinding] = []
        // Between the primary's EOI and the next image: zeros align the next image (some
        // cameras pad each image to 512 bytes), 0xFF fill bytes may precede its SOI (T.81
        // B.1.1.2) and Dynamic Depth items live there; anything else belongs to no image.
        let aligned = Self.alignment(file)
        if let gap = file.afterPrimary, !file.afterPrimaryIsZero, !file.afterPrimaryIsFill, !Self.holdsDynamicDepthItems(photo, gap),
           !Self.holdsGContainerItems(photo, gap) {
            if let a = aligned, gap.count < a {
                out.append(info.finding(gap.lowerBound, "", "\(gap.count) bytes between the primary's EOI and the next image pad it to a \(a)-byte boundary, where every image of the file starts",
                                        severity: .note))
            } else {
                out.append(info.finding(gap.lowerBound, "", "\(gap.count) bytes between the primary's EOI and the next image belong to no image"))
            }
        }
        if let whole = file.trailingBytes {
            // Known vendor trailers, named; the bytes before the first of them, judged: a
            // Dynamic Depth or GContainer directory's items account for them.
            for t in file.knownTrailers.reversed() {
                out.append(info.finding(t.range.lowerBound, "", "\(t.range.count) bytes after the last image are a \(t.format.rawValue) trailer, kept as they are",
                                        severity: .note))
            }
            let unknownEnd = file.knownTrailers.last?.range.lowerBound ?? whole.upperBound
            let trailing = whole.lowerBound..<max(whole.lowerBound, unknownEnd)
            let at = trailing.lowerBound
            if trailing.isEmpty || Self.holdsDynamicDepthItems(photo, trailing) || Self.holdsGContainerItems(photo, trailing) {
                // Every byte is a known trailer's or a directory's item.
            } else if let a = aligned, trailing.count < a, trailing.upperBound % a == 0 {
                out.append(info.finding(at, "", "\(trailing.count) bytes after the last image pad the file to a \(a)-byte boundary, where every image of the file starts",
                                        severity: .note))
            } else if file.trailingBytesAreZero {
                out.append(info.finding(at, "", "\(trailing.count) zero bytes after the last image (padding)", severity: .note))
            } else {
                // T.81 B.2.1: an SOI starts a JPEG stream, here one the index does not locate.
                out.append(info.finding(at, "", file.trailingBytesStartWithSOI && trailing == whole
                    ? "\(trailing.count) bytes after the last image begin with SOI (FF D8): an unindexed image follows"
                    : "\(trailing.count) bytes after the last image" + (trailing == whole ? "" : ", before the known trailer")))
            }
        }
        return out.isEmpty ? .passed : .failed(out)
    }

    /// 512 when every image of a multi-picture file starts on a 512-byte boundary, as
    /// Panasonic's stereo cameras write their frames: the bytes up to a boundary are padding,
    /// which CIPA DC-007 §5.2.3.3's offsets allow.
    static func alignment(_ file: JPEG.File) -> Int? {
        guard file.mpf != nil, file.images.count >= 2,
              file.images.allSatisfy({ $0.start.map { $0 % 512 == 0 } ?? false }) else { return nil }
        return 512
    }

    /// Android's GContainer ("Item element" of the Ultra HDR format; Motion Photo 1.0 writes the
    /// same directory for its video): the directory's items follow the primary, tightly packed;
    /// bytes its lengths and paddings account for exactly, from the first byte after the primary,
    /// are those items (a gain map, a Motion Photo's video).
    static func holdsGContainerItems(_ photo: ParsedPhoto, _ range: Range<Int>) -> Bool {
        guard let dir = photo.gainMapDeclaration?.directory, dir.items.count > 1,
              let file = photo.structure.jpeg,
              let primaryEnd = file.afterPrimary?.lowerBound ?? file.images.first?.end ?? file.primary.end else { return false }
        let located = dir.secondaryRanges(after: primaryEnd)
        guard let lastLocated = located.last, let last = lastLocated,
              last.upperBound +? max(0, dir.items.last?.padding ?? 0) == range.upperBound else { return false }
        // The range starts where one of the items (or the padding before it) does: the items
        // before it may be images the MP index lists.
        var start = primaryEnd
        for (i, r) in located.enumerated() {
            guard let r else { return false }
            if range.lowerBound == start || range.lowerBound == r.lowerBound { return true }
            start = r.upperBound +? max(0, dir.items[i + 1].padding ?? 0) ?? Int.max
        }
        return false
    }

    /// Dynamic Depth 1.0 §Container: item payloads follow the primary's EOI. Bytes there that
    /// its Directory accounts for exactly are those items, not stray data: all the bytes after
    /// the primary, or, where the Directory also lists images the MP index locates, the bytes
    /// from an item's start to where the last item ends.
    static func holdsDynamicDepthItems(_ photo: ParsedPhoto, _ range: Range<Int>) -> Bool {
        guard let dd = photo.dynamicDepth, dd.items.count > 1, let trailer = photo.trailer else { return false }
        if trailer.lowerBound == range.lowerBound { return dd.payloadLength == range.count }
        guard photo.structure.jpeg?.mpf != nil, trailer.lowerBound +? dd.payloadLength == range.upperBound else { return false }
        var start = trailer.lowerBound
        for item in dd.items.dropFirst() {
            if start == range.lowerBound { return true }
            guard let next = start +? max(0, item.length ?? 0) else { return false }
            start = next
        }
        return false
    }
}

extension RuleID {
    /// `structure.jpeg.trailing-data`, checked by this file's rule.
    package static let structureJPEGTrailingData = RuleID(rawValue: "structure.jpeg.trailing-data")
}
