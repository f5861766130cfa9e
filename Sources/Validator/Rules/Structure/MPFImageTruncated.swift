import AuxData
import Container

/// A file that ends inside an image has lost that image's end: its coded data (a depth map, a
/// matte) cannot be decoded whatever the index says, so this is an error of its own, apart
/// from a size that merely disagrees with a complete image (`structure.mpf.entry-size-mismatch`).
struct MPFImageTruncated: Rule {
    let info = RuleInfo(
        .structureMPFImageTruncated, .error, Citation(.mpf, "§5.2.3.3.2 individual image size (SOI to EOI)"),
        summary: "The file holds every MP image to its end: no image is cut off by the end of the file.",
        fix: "Recover the file from a complete copy; it was cut short (an interrupted download or copy).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        let findings = file.images.filter { $0.sameStartAs == nil }.compactMap { truncated($0, fileSize: file.count) }
        return MPFStructure.outcome(findings, file)
    }

    /// An image found at its SOI whose EOI was not reached, and whose declared extent runs past
    /// the file: the file ends inside it. §5.2.3.3.2: the size counts from SOI to EOI.
    func truncated(_ image: JPEG.MPImage, fileSize: Int) -> RuleFinding? {
        let entry = image.entry
        guard let start = image.start, image.end == nil, let declaredEnd = start +? Int(entry.size),
              declaredEnd > fileSize, let missing = declaredEnd -? fileSize else { return nil }
        return info.finding(entry.sizeFieldOffset, entry.path,
                            "image \(entry.number) is truncated: \(entry.size) bytes declared from \(start), the file ends \(missing) bytes short")
    }
}

extension RuleID {
    /// `structure.mpf.image-truncated`, checked by this file's rule.
    package static let structureMPFImageTruncated = RuleID(rawValue: "structure.mpf.image-truncated")
}
