/// The photo itself, in its stored frame: JPEG SOF size, or HEIF `ispe` of the primary item
/// (before `clap`, `irot` and `imir` are applied).
public struct ParsedPrimaryImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Exif Orientation (1–8), raw as stored; nil when the file has none.
    public var orientation: Int?
    /// HEIF transformative properties of the primary item.
    public var transforms: ImageTransforms
    /// HEIF item ID of the primary; nil for JPEG.
    public var itemID: Int?
    /// Coding: `jpeg`, `hvc1`, `grid`, `av01`.
    public var codec: Codec
    public var location: SourceLocation

    public init(width: Int, height: Int, orientation: Int?, transforms: ImageTransforms = ImageTransforms(),
                itemID: Int? = nil, codec: Codec, location: SourceLocation) {
        self.width = width
        self.height = height
        self.orientation = orientation
        self.transforms = transforms
        self.itemID = itemID
        self.codec = codec
        self.location = location
    }
}
