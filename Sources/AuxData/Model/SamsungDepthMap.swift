/// A depth map in Samsung's SEF trailer: a `DualShot_DepthMap_N` block (type 0x0AB1) of a
/// Live Focus photo, or a `SingeShot_DepthMap_1` block (type 0x0B41), as ExifTool's Samsung
/// Trailer tags document them (exiftool.org/TagNames/Samsung.html#Trailer). The block holds a
/// JPEG, or 8-bit samples, one a pixel, whose size the `DualShot_Extra_Info` block (type
/// 0x0AB3) gives.
package struct SamsungDepthMap: Sendable, Equatable {
    /// The block's name.
    package let name: String
    /// The block's type.
    package let type: UInt16
    /// Whether the block's data are bare 8-bit samples rather than a JPEG.
    package let bareSamples: Bool

    package init(name: String, type: UInt16, bareSamples: Bool) {
        self.name = name
        self.type = type
        self.bareSamples = bareSamples
    }
}
