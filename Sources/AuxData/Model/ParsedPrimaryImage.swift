/// The photo itself, in its stored frame: JPEG SOF size, or HEIF `ispe` of the primary item
/// (before `clap`, `irot` and `imir` are applied).
package struct ParsedPrimaryImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// Exif Orientation (1–8), raw as stored; nil when the file has none.
    package var orientation: Int?
    /// HEIF transformative properties of the primary item.
    package var transforms: ImageTransforms
    /// HEIF item ID of the primary; nil for JPEG.
    package var itemID: Int?
    /// Coding: `jpeg`, `hvc1`, `grid`, `av01`.
    package var codec: Codec
    package var location: SourceLocation

    package init(width: Int, height: Int, orientation: Int?, transforms: ImageTransforms = ImageTransforms(),
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
