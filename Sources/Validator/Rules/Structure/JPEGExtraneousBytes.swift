import AuxData
import Container

/// Between marker segments only markers and `FF` fill bytes may stand. A segment that runs a
/// byte or two past its declared length leaves such bytes; libjpeg skips them with "Corrupt
/// JPEG data: N extraneous bytes before marker", and so does the reader, but the stream is
/// damaged: whatever wrote it miscounted a length.
struct JPEGExtraneousBytes: Rule {
    let info = RuleInfo(
        .structureJPEGExtraneousBytes, .error,
        Citation(.jpeg, "Annex B.1.1.2: markers \"may optionally be preceded by any number of fill bytes\" (X'FF'); no other byte may stand there"),
        summary: "Nothing but fill bytes (FF) stands between marker segments.",
        fix: "Rewrite the segment before the stray bytes with its true length, or remove the bytes.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var images = [file.primary]
        for m in file.images.dropFirst() where m.sameStartAs == nil {
            if let image = m.image { images.append(image) }
        }
        let out = images.flatMap { image in
            image.extraneousBytes.map { r in
                // The segment before the bytes is the one whose length is likely wrong.
                let before = image.segments.last { $0.end <= r.lowerBound }
                let path = before?.path ?? image.pathPrefix + "SOI"
                return info.finding(r.lowerBound, path,
                                    "\(r.count) \(r.count == 1 ? "byte follows" : "bytes follow") \(path) where a marker is expected (neither a marker nor FF fill)")
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `structure.jpeg.extraneous-bytes`, checked by this file's rule.
    package static let structureJPEGExtraneousBytes = RuleID(rawValue: "structure.jpeg.extraneous-bytes")
}
