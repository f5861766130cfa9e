/// How an aux image is stored: where its coded bytes are, and what the coding says of its
/// size and samples (JPEG SOF, HEIF `ispe` with `hvcC`/`pixi`, PNG IHDR).
package struct CodedImage: Sendable, Equatable {
    /// Where the image starts (MPF image SOI, HEIF `infe`, GDepth property).
    package let location: SourceLocation
    /// The coded data, as an absolute byte range of the file; nil when it is not one range.
    package let dataRange: Range<Int>?
    /// `jpeg`, `hvc1`, `grid`, `av01`, `png`.
    package let codec: Codec
    /// Coded size; nil when the image could not be read.
    package let width: Int?
    package let height: Int?
    /// Components and bits per component.
    package let components: Int?
    package let bitDepth: Int?

    package init(location: SourceLocation, dataRange: Range<Int>? = nil, codec: Codec, width: Int? = nil,
                height: Int? = nil, components: Int? = nil, bitDepth: Int? = nil) {
        self.location = location
        self.dataRange = dataRange
        self.codec = codec
        self.width = width
        self.height = height
        self.components = components
        self.bitDepth = bitDepth
    }
}
