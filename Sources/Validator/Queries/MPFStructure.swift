import AuxData
import Container

/// What the MPF rules read from a JPEG file's structure, and how they grade it.
enum MPFStructure {
    /// A rule about the MPF index applies when the primary has one; a finding makes it fail
    /// even without one (a broken index may not count as present).
    static func outcome(_ findings: [RuleFinding], _ file: JPEG.File) -> RuleOutcome {
        // Matched, not compared with nil: a comparison copied the whole index out to look at it.
        if findings.isEmpty, case .none = file.mpf { return .notApplicable }
        return .from(findings)
    }

    /// Every image that was read, each once, in reading order: the primary, then the
    /// secondary images in entry order (an entry that shares another's SOI adds nothing).
    static func readImages(_ file: JPEG.File) -> [JPEG.Image] {
        [file.primary] + readSecondaries(file).compactMap { file.images[$0].image }
    }

    /// Positions in `file.images` of the secondary images read, in entry order: positions, so
    /// that a rule that needs only part of an image does not copy each one.
    static func readSecondaries(_ file: JPEG.File) -> [Int] {
        let images = file.images
        return images.indices.dropFirst().filter { images[$0].sameStartAs == nil }
    }

    /// Every APP2 MPF index of every image read, in reading order: the primary's full index
    /// and any extra, then the secondary images' stubs (several rules ask for them, for every
    /// file).
    static func indexes(_ file: JPEG.File) -> [MPF.Index] {
        var out = file.primary.mpfIndexes
        for i in readSecondaries(file) {
            if let found = file.images[i].image?.mpfIndexes { out += found }
        }
        return out
    }

    /// The segment that holds an index: the one whose payload contains its TIFF header.
    static func segment(holding index: MPF.Index, in image: JPEG.Image) -> JPEG.Segment? {
        image.segments.first { $0.payload.contains(index.tiffHeaderOffset) }
    }
}
