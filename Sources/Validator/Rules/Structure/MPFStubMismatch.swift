import AuxData
import Container

/// Each secondary image repeats the file's number of images in the stub MP Index IFD of its own
/// APP2 MPF segment, without MP entries of its own. A stub that counts otherwise, or lists
/// images, belongs to another file: the image was spliced in or the index rewritten without it.
struct MPFStubMismatch: Rule {
    let info = RuleInfo(
        .structureMPFStubMismatch, .error, Citation(.mpf, "§5.2.3.2 NumberOfImages, §5.2.3.3 MP Entry (first image only)"),
        summary: "Every secondary image's MPF stub has the primary's NumberOfImages and no MPEntry of its own.",
        fix: "Write each secondary image's NumberOfImages (B001) as the primary's, and drop any MPEntry (B002) outside the primary.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg, let index = file.mpf else { return .notApplicable }
        // A primary whose NumberOfImages disagrees with its own entries is
        // structure.mpf.image-count-mismatch's finding; no stub can agree with it then.
        let count = index.numberOfImages.flatMap { UInt64($0) == UInt64(index.entries.count) ? $0 : nil }
        var out: [RuleFinding] = []
        for image in file.images.dropFirst() where image.sameStartAs == nil {
            // The first APP2 MPF segment is the one readers use (a second is a duplicate index).
            guard let stub = image.image?.mpf else { continue }
            let n = image.entry.number
            // §5.2.3.3: MP entries are listed in the first image's index only.
            if let b002 = stub.indexIFD.entry(MPF.Index.entryTag) {
                out.append(info.finding(b002.offset, stub.path, "image \(n)'s MPF segment has an MPEntry (B002) of its own"))
            }
            // §5.2.3.2: every image gives the same number of images.
            if let count, let own = stub.numberOfImages, own != count,
               let b001 = stub.indexIFD.entry(MPF.Index.numberOfImagesTag) {
                out.append(info.finding(b001.offset, stub.path, "image \(n)'s MPF stub has NumberOfImages \(own), the index \(count)"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `structure.mpf.stub-mismatch`, checked by this file's rule.
    package static let structureMPFStubMismatch = RuleID(rawValue: "structure.mpf.stub-mismatch")
}
