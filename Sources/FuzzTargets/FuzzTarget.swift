/// The libFuzzer targets (Fuzz/run.sh), by the name their kept inputs are filed under in
/// Fuzz/crashers/. Each takes arbitrary bytes; a parser or writer may refuse them, but an
/// invariant it breaks is thrown, and a trap is a crash.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// JPEG segments, Exif, MPF and Extended XMP.
    case jpeg = "FuzzJPEG"
    /// BMFF boxes and the HEIF item graph.
    case heif = "FuzzHEIF"
    /// XMP packets and every description reader.
    case xmp = "FuzzXMP"
    /// The depth representation SEI in auxC subtype bytes.
    case sei = "FuzzSEI"
    /// The whole check of one file.
    case check = "FuzzCheck"
    /// Pixel decoding of a JPEG photo's aux images.
    case pixels = "FuzzPixels"
    /// The map and picture files `embed` reads.
    case maps = "FuzzMaps"
    /// The writer over the good corpus.
    case writer = "FuzzWriter"

    /// Runs the target on `bytes`.
    package func run(_ bytes: [UInt8]) throws(FuzzViolation) {
        switch self {
        case .jpeg: try Self.jpeg(bytes)
        case .heif: try Self.heif(bytes)
        case .xmp: try Self.xmp(bytes)
        case .sei: try Self.sei(bytes)
        case .check: try Self.check(bytes)
        case .pixels: try Self.pixels(bytes)
        case .maps: try Self.maps(bytes)
        case .writer: try Self.writer(bytes)
        }
    }
}
