import AuxData
import Container

/// Readers locate secondary images only by these offsets; one that misses an SOI loses the depth map.
struct MPFEntryOffsetOutOfBounds: Rule {
    let ordersItsReaderProblems = true
    let info = RuleInfo(
        .structureMPFEntryOffsetOutOfBounds, .error, Citation(.mpf, "§5.2.3.3.3 individual image data offset (from the MP header)"),
        summary: "Every MP entry's offset, counted from the MPF TIFF header, lands on an SOI (FF D8) inside the file.",
        fix: "Recompute each entry's offset as (image SOI position − position of the MPF \"MM\"/\"II\" header).")

    /// The reader's problems this rule reports (an offset that reaches no SOI in the file
    /// leaves the image unreadable), entry by entry with its own judgements.
    let readerCodes: [ParseError.Code] = [.mpfOffsetOutOfBounds, .mpfEntryNotSOI]

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var unread = photo.issues.filter { readerCodes.contains($0.code) }
        var out: [RuleFinding] = []
        // Entry by entry, as the entries are read: what kept the image from being read, else
        // what is wrong with where the entry says it is.
        for image in file.images.dropFirst() {
            let path = image.entry.path
            out += unread.filter { $0.path == path }.map(finding)
            unread.removeAll { $0.path == path }
            if let f = judged(image) { out.append(f) }
        }
        out += unread.map(finding)
        return MPFStructure.outcome(out, file)
    }

    /// A located entry that repeats an earlier entry's offset. (A size that runs past the file
    /// is not the offset's fault: `structure.mpf.image-truncated` or
    /// `structure.mpf.entry-size-mismatch` reports it.)
    func judged(_ image: JPEG.MPImage) -> RuleFinding? {
        guard let start = image.start, let earlier = image.sameStartAs else { return nil }
        return info.finding(image.entry.offsetFieldOffset, image.entry.path, "entry \(earlier) already points at \(start)")
    }

    func finding(_ issue: ParseError) -> RuleFinding {
        info.finding(issue.offset, issue.path, issue.message)
    }
}

extension RuleID {
    /// `structure.mpf.entry-offset-out-of-bounds`, checked by this file's rule.
    package static let structureMPFEntryOffsetOutOfBounds = RuleID(rawValue: "structure.mpf.entry-offset-out-of-bounds")
}
