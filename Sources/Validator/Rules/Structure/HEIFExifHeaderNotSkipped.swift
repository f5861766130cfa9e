import AuxData
import Container

/// ISO/IEC 23008-12 Annex A.2.1: an Exif item is exif_tiff_header_offset, then the Exif data,
/// the offset counting the bytes before the TIFF header. An item that starts with offset 0 and
/// then JPEG's APP1 identifier `Exif\0\0` has its TIFF header 6 bytes after where the offset
/// says. Readers split: libheif-based ones (Pillow through pillow-heif) look past the
/// identifier and read the orientation; ExifTool follows the offset and reads no Exif at all.
/// The data are there: a warning.
struct HEIFExifHeaderNotSkipped: Rule {
    let info = RuleInfo(
        .structureHEIFExifHeaderNotSkipped, .warning,
        Citation(.heif, "Annex A.2.1: exif_tiff_header_offset is the number of bytes before the TIFF header"),
        summary: "An Exif item's exif_tiff_header_offset counts the bytes before its TIFF header, JPEG's Exif identifier included.",
        fix: "Write exif_tiff_header_offset 6, counting the Exif identifier (45 78 69 66 00 00), or leave the identifier out.",
        severityNote: "a warning: the Exif data are there, and readers that look for the TIFF header (libheif, Pillow) read them; ExifTool does not")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard case .heif(let file) = photo.structure else { return .notApplicable }
        guard file.items.contains(where: { $0.type == BMFF.BoxType.exif }) else { return .notApplicable }
        return .from(file.exifItemsWithUnskippedHeader.map { id in
            let at = file.dataRanges[id]?.first?.lowerBound
            return info.finding(at, "meta/iloc/item[\(id)]:Exif",
                                "exif_tiff_header_offset is 0 but JPEG's Exif identifier (45 78 69 66 00 00) follows it: the TIFF header is 6 bytes further, at byte 10 of the item")
        })
    }
}

extension RuleID {
    /// `structure.heif.exif-header-not-skipped`, checked by this file's rule.
    package static let structureHEIFExifHeaderNotSkipped = RuleID(rawValue: "structure.heif.exif-header-not-skipped")
}
