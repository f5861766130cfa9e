import AuxData

/// One auxiliary image of a photo: what it is, its size, and how it is stored.
public struct AuxImage: Sendable, Hashable, CustomStringConvertible {
    /// Its index in the file: the MPF entry number in a JPEG (2, 3, …), the item ID in a
    /// HEIF, 0 for a GDepth map kept in the primary's XMP.
    public let index: Int
    /// What it holds.
    public let kind: AuxImageKind
    /// Which semantic matte, for a `semanticMatte`.
    public let semanticMatte: SemanticMatte?
    /// Its stored width in pixels (0 when the file does not say).
    public let width: Int
    /// Its stored height in pixels (0 when the file does not say).
    public let height: Int
    /// How its pixels are coded: `.jpeg`, `.hevc`, `.png`, …
    public let codec: Codec
    /// The aux type the file names (`urn:com:apple:photo:2020:aux:hdrgainmap`, Apple's
    /// `disparity`, …), when it names one.
    public let auxiliaryType: String?
    /// The pixel format ImageIO hands out for it (`hdis`, `fdis`, `hdep`, `fdep`, `L008`, …),
    /// when the file declares one.
    public let pixelFormat: PixelFormat?
    /// Values a pixel: 3 (red, green, blue) for a colour gain map, 1 for every other image.
    public let channels: Int

    init(_ a: ParsedAuxImage) {
        index = a.index
        kind = a.kind
        semanticMatte = a.semanticMatte
        width = a.coded.width ?? 0
        height = a.coded.height ?? 0
        codec = a.coded.codec
        auxiliaryType = a.auxType
        pixelFormat = a.nativeFormat
        channels = a.decodesInColour ? 3 : 1
    }

    /// `disparity 576×768 (index 2)`.
    public var description: String {
        "\(semanticMatte.map { "\($0) matte" } ?? kind.rawValue) \(width)×\(height) (index \(index))"
    }
}

/// The photo an aux image belongs to: its size and orientation.
public struct PrimaryImage: Sendable, Hashable {
    /// Its stored width in pixels.
    public let width: Int
    /// Its stored height in pixels.
    public let height: Int
    /// Exif Orientation (1…8) of a JPEG; nil when the file has none.
    public let orientation: Int?
    /// `.jpeg`, `.hevc`, `.grid`, …
    public let codec: Codec

    init(_ p: ParsedPrimaryImage) {
        width = p.width
        height = p.height
        orientation = p.orientation
        codec = p.codec
    }
}
