import Container

/// The `tmap` item whose `dimg` inputs name an aux image as its gain map, with its ISO 21496-1
/// metadata as Container read it (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4).
package struct GainMapToneMap: Sendable, Equatable {
    /// The `tmap` item's ID.
    package let itemID: Int
    package let toneMap: HEIF.ToneMap
    /// The `tmap` item's `infe`.
    package let location: SourceLocation

    package init(itemID: Int, toneMap: HEIF.ToneMap, location: SourceLocation) {
        self.itemID = itemID
        self.toneMap = toneMap
        self.location = location
    }
}
