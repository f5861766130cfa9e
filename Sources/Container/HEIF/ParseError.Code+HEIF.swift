/// Codes for HEIF item properties and the item graph (ISO/IEC 23008-12).
extension ParseError.Code {
    /// An HEVC SPS could not be parsed (ITU-T H.265 §7.3.2.2).
    package static let spsInvalid = Self("heif.spsInvalid")
    /// An `av01` item's OBUs could not be read (AV1 §5.3, §5.5).
    package static let av1DataInvalid = Self("heif.av1DataInvalid")
    /// An `iovl` item's descriptor could not be read (§6.6.2.2).
    package static let overlayInvalid = Self("heif.overlayInvalid")
    /// A `grid` item's descriptor could not be read (§6.6.2.3).
    package static let gridInvalid = Self("heif.gridInvalid")
    /// A `tmap` item's data could not be read (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4; ISO 21496-1 Annex C.2).
    package static let toneMapInvalid = Self("heif.toneMapInvalid")
    /// An item's data (for a small payload such as Exif or a grid descriptor) cannot be located.
    package static let itemDataUnavailable = Self("heif.itemDataUnavailable")
}
