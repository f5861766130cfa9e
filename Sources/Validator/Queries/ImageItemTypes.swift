import Container

/// Item types that hold an image: the coded images of ISO/IEC 23008-12 Annexes B–E and of the
/// codecs' own HEIF bindings (AV1, JPEG, JPEG 2000, VVC, EVC, uncompressed, mask), and the
/// derived images of §6.6.2 and Amd 1. An item of another type (`Exif`, `mime`, `uri `, or a
/// type no specification defines) has no pixels to show, derive from or describe.
enum ImageItemTypes {
    static func isImage(_ type: FourCC) -> Bool {
        if BMFF.BoxType.isImageItemType(type) { return true }
        switch type {
        case "hvt1", "lhv1", "avc1", "j2k1", "vvc1", "vvi1", "evc1", "mski": return true
        default: return false
        }
    }

    /// Coded image types and the decoder configuration property each needs: ISO/IEC 23008-12
    /// Annex B.2.3.1 (hvc1: hvcC), AV1 Codec ISO Media File Format Binding §2.2.1 (av01: av1C).
    static func configuration(of type: FourCC) -> FourCC? {
        switch type {
        case "hvc1": return "hvcC"
        case "av01": return "av1C"
        case "avc1": return "avcC"
        case "vvc1": return "vvcC"
        case "j2k1": return "j2kH"
        default: return nil
        }
    }

    /// Whether the type is a coded image (its pixels are in its own data), not a derived one.
    static func isCoded(_ type: FourCC) -> Bool {
        isImage(type) && !(type == "grid" || type == "iden" || type == "iovl" || type == "tmap")
    }
}
