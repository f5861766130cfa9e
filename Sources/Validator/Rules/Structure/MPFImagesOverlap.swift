import AuxData
import Container

/// Each individual image is a complete JPEG stream from SOI to EOI; overlap means one stream corrupts another.
struct MPFImagesOverlap: Rule {
    let info = RuleInfo(
        "structure.mpf.images-overlap", .error, Citation(.mpf, "§5.2.3.3.2 individual image size, §5.2.3.3.3 individual image data offset (each image from its SOI to its EOI)"),
        summary: "MP images do not overlap: no image starts before the previous one's EOI.",
        fix: "Lay the images out one after another, each from its SOI to its EOI.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [Finding] = []
        // §5.2.3.3.2: each image is its own SOI-to-EOI stream, so no image starts inside another.
        // Bytes between one image's EOI and the next SOI (padding that aligns images, as some
        // cameras write) belong to no image and overlap nothing.
        let placed = file.images.filter { $0.start != nil }.sorted { ($0.start ?? 0) < ($1.start ?? 0) }
        var previous: JPEG.MPImage?
        for image in placed {
            guard let start = image.start else { continue }
            if let p = previous, p.start != start, let pEnd = p.end, pEnd > start {
                out.append(info.finding(image.entry.offsetFieldOffset, image.entry.path,
                                        "image \(image.entry.number) at \(start) starts inside image \(p.entry.number) (ends at \(pEnd))"))
            }
            previous = image
        }
        return MPFStructure.outcome(out, file)
    }
}
