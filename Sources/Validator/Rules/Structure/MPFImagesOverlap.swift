import AuxData
import Container

/// Each individual image is a complete JPEG stream from SOI to EOI; overlap means one stream corrupts another.
struct MPFImagesOverlap: Rule {
    let info = RuleInfo(
        .structureMPFImagesOverlap, .error, Citation(.mpf, "§5.2.3.3.2 individual image size, §5.2.3.3.3 individual image data offset (each image from its SOI to its EOI)"),
        summary: "MP images do not overlap: no image starts before the previous one's EOI.",
        fix: "Lay the images out one after another, each from its SOI to its EOI.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [RuleFinding] = []
        // §5.2.3.3.2: each image is its own SOI-to-EOI stream, so no image starts inside another.
        // Bytes between one image's EOI and the next SOI (padding that aligns images, as some
        // cameras write) belong to no image and overlap nothing.
        // Positions in start order, not copies of the images (every file is looked at).
        let images = file.images
        let placed = images.indices.filter { images[$0].start != nil }.sorted { (images[$0].start ?? 0) < (images[$1].start ?? 0) }
        var previous: Int?
        for k in placed {
            guard let start = images[k].start else { continue }
            if let p = previous, images[p].start != start, let pEnd = images[p].end, pEnd > start {
                let entry = images[k].entry
                out.append(info.finding(entry.offsetFieldOffset, entry.path,
                                        "image \(entry.number) at \(start) starts inside image \(images[p].entry.number) (ends at \(pEnd))"))
            }
            previous = k
        }
        return MPFStructure.outcome(out, file)
    }
}

extension RuleID {
    /// `structure.mpf.images-overlap`, checked by this file's rule.
    package static let structureMPFImagesOverlap = RuleID(rawValue: "structure.mpf.images-overlap")
}
