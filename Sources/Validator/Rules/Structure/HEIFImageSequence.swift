import AuxData
import Container

/// ISO/IEC 23008-12 defines two kinds of file: still images, described by a file-level `meta`
/// box (§6), and image sequences, carried as tracks of a `moov` box (§7, brand `msf1`). A file
/// with only a sequence has no primary item and no aux images: the still-image rules do not
/// apply, and saying so is all there is to say. A note, so a library with burst or live
/// sequences is not read as a list of unreadable files.
struct HEIFImageSequence: Rule {
    let info = RuleInfo(
        .structureHEIFImageSequence, .note,
        Citation(.heif, "§7 image sequences (moov, brand msf1); §6 still images (meta)"),
        summary: "A file that holds only an image sequence (moov, no meta) is named as such: the still-image rules do not apply to it.",
        fix: "Nothing to fix; to check depth, export a still image (HEIC with a meta box).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let sequence = photo.structure.imageSequence else { return .notApplicable }
        let size = sequence.trackSize.map { " of \($0.width)×\($0.height)" } ?? ""
        let brands = ([sequence.fileType.majorBrand] + sequence.fileType.compatibleBrands).map { "\($0)" }
        var unique: [String] = []
        for b in brands where !unique.contains(b) { unique.append(b) }
        return .failed([info.finding(sequence.moovOffset, "moov",
                                     "an image sequence\(size) (brands \(unique.joined(separator: ", "))) with no still image: the still-image rules do not apply")])
    }
}

extension RuleID {
    /// `structure.heif.image-sequence`, checked by this file's rule.
    package static let structureHEIFImageSequence = RuleID(rawValue: "structure.heif.image-sequence")
}
