/// Where an aux image sits against its photo: the transforms and orientation it carries, and
/// the images it belongs to.
package struct AuxGeometry: Sendable, Equatable {
    /// HEIF transforms of the aux item, in `ipma` order; none for JPEG.
    package let transforms: ImageTransforms
    /// Exif Orientation inside a JPEG aux image (Apple writes none).
    package let orientation: Int?
    /// HEIF items the aux image belongs to (`auxl` targets); the primary's MP entry (1) for JPEG.
    package let masters: [Int]

    package init(transforms: ImageTransforms = ImageTransforms(), orientation: Int? = nil, masters: [Int]) {
        self.transforms = transforms
        self.orientation = orientation
        self.masters = masters
    }
}
