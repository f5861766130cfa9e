/// The file formats a map is exported to.
public enum MapFileFormat: String, Sendable, Hashable, CaseIterable {
    /// Portable Float Map: `Pf`, width height, `-1.0` (little-endian), Float32 rows, bottom
    /// row first.
    case pfm
    /// NumPy format 1.0: `<f2`/`<f4` values or `|u1`/`<u2` stored samples, C order.
    case npy
    /// 16-bit gray PNG of the values scaled from their minimum to their maximum, with the
    /// range, kind and units in `tEXt` chunks; or the stored samples as 8- or 16-bit gray.
    case png
    /// Little-endian values or samples, rows packed, described by a JSON side file.
    case raw
    /// Baseline TIFF 6.0, little-endian, uncompressed, one strip: Float32 values
    /// (SampleFormat 3, as tifffile, Pillow and GIS tools read them) or the stored samples as
    /// 8- or 16-bit unsigned integers; gray, or RGB for a colour gain map.
    case tiff
    /// The aux image's coded data as the file stores it: a JPEG as `exiftool -b -MPImage2`
    /// writes it, a GDepth or Dynamic Depth PNG or JPEG, or a HEIF or AVIF holding the HEVC or
    /// AV1 item alone (with its decoder configuration and size), which any HEIF reader opens.
    case coded
}

/// What the exported numbers are.
public enum MapNumbers: String, Sendable, Hashable, CaseIterable {
    /// The decoded integers, as stored.
    case stored
    /// Values in the aux image's own unit: metres for depth, 1/metres for disparity, 0…1 for
    /// a matte, a gain map or an alpha plane.
    case native
    /// Depth in metres (1/disparity for a disparity map).
    case depth
    /// Disparity in 1/metres (1/depth for a depth map).
    case disparity
}

/// The float type of exported values.
public enum MapFloatType: String, Sendable, Hashable, CaseIterable {
    /// IEEE 754 binary16.
    case f16
    /// IEEE 754 binary32.
    case f32
}
