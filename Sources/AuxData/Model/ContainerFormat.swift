/// The container a photo is stored in.
public enum ContainerFormat: String, Sendable, Hashable, CustomStringConvertible {
    /// JPEG, with aux images as MPF images (CIPA DC-007) or in the primary's XMP.
    case jpeg
    /// HEIF (HEIC), with aux images as auxiliary image items (ISO/IEC 23008-12).
    case heif

    /// `jpeg` or `heif`.
    public var description: String { rawValue }
}
