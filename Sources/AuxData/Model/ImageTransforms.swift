/// The HEIF transformative properties of an item (ISO/IEC 23008-12 §6.5.10–§6.5.12), in the
/// order the item's `ipma` lists them. JPEG images have none: their orientation is Exif's.
package struct ImageTransforms: Sendable, Equatable {
    /// `irot`: rotation anticlockwise in degrees (0, 90, 180, 270).
    package var rotation: Int?
    /// `imir`: mirror axis bit (0 vertical axis, 1 horizontal axis).
    package var mirrorAxis: Int?
    /// `clap`: the clean aperture, as width/height/offsets in pixels.
    package var cleanAperture: CleanAperture?

    package init(rotation: Int? = nil, mirrorAxis: Int? = nil, cleanAperture: CleanAperture? = nil) {
        self.rotation = rotation
        self.mirrorAxis = mirrorAxis
        self.cleanAperture = cleanAperture
    }

    package var isIdentity: Bool { (rotation ?? 0) == 0 && mirrorAxis == nil && cleanAperture == nil }
}

/// `clap` values as rationals reduced to doubles (ISO/IEC 14496-12 §12.1.4).
package struct CleanAperture: Sendable, Equatable {
    package var width: Double
    package var height: Double
    package var horizontalOffset: Double
    package var verticalOffset: Double
    package init(width: Double, height: Double, horizontalOffset: Double, verticalOffset: Double) {
        self.width = width
        self.height = height
        self.horizontalOffset = horizontalOffset
        self.verticalOffset = verticalOffset
    }
}
