import Container

/// The description ImageIO returns in `kCGImageAuxiliaryDataInfoDataDescription`
/// (CGImageProperties.h): the in-memory pixel format and layout of the aux data.
package struct AuxDataInfo: Sendable, Equatable {
    /// `kCGImagePropertyPixelFormat`: the native format (hdis, fdis, hdep, fdep, L008).
    package var pixelFormat: PixelFormat
    package var width: Int
    package var height: Int
    /// `kCGImagePropertyBytesPerRow`: width × bytes per pixel, as ImageIO lays rows out.
    package var bytesPerRow: Int

    package init(pixelFormat: PixelFormat, width: Int, height: Int, bytesPerRow: Int) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// The dictionary ImageIO would build for a map of this size: tightly packed rows.
    /// Returns nil when the format is unknown or the row size overflows.
    package static func packed(_ format: PixelFormat, width: Int, height: Int) -> AuxDataInfo? {
        guard let bpp = format.bytesPerPixel, let bpr = width *? bpp else { return nil }
        return AuxDataInfo(pixelFormat: format, width: width, height: height, bytesPerRow: bpr)
    }

    /// `kCGImageAuxiliaryDataInfoData` length the description implies: height × bytesPerRow.
    package var dataLength: Int? { height *? bytesPerRow }
}
