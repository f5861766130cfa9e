import AuxData
import Container

extension ReaderProblemRule {
    /// A reader finds the Exif data of a HEIF through the offset the item starts with; an item
    /// without it, or whose offset points nowhere, leaves the orientation and the camera data
    /// unread or read from the wrong bytes.
    static let heifExifItemInvalid = ReaderProblemRule(
        RuleInfo(.structureHEIFExifItemInvalid, .error,
                 Citation(.heif, "Annex A.2.1: the Exif item's data is exif_tiff_header_offset (unsigned int(32)) followed by the Exif data"),
                 summary: "An Exif item starts with its 4-byte exif_tiff_header_offset, which points at the TIFF header inside the item.",
                 fix: "Write the Exif item as a 4-byte offset (0 when the TIFF header follows at once), then the TIFF data."),
        codes: [.exifOffsetMissing, .exifOffsetOutOfBounds],
        container: .heif)
}

extension RuleID {
    /// `structure.heif.exif-item-invalid`, checked by this file's rule.
    package static let structureHEIFExifItemInvalid = RuleID(rawValue: "structure.heif.exif-item-invalid")
}
