/// Bounds on what a file may make depthcheck allocate or walk.
///
/// Every count or size that the input controls is checked against one of these before
/// anything is allocated for it (the way libheif's `heif_security_limits` works). Exceeding a
/// limit is a `limitExceeded` error and so a finding, never a crash.
public struct ParseLimits: Sendable, Equatable {
    /// Depth of nested boxes (ISOBMFF) or IFDs (TIFF).
    public var maxNesting: Int = 32
    /// Boxes in one file, JPEG segments in one image.
    public var maxBoxes: Int = 100_000
    /// HEIF items in one `meta` box; MPF entries.
    public var maxItems: Int = 65_536
    /// Extents of one `iloc` item.
    public var maxExtentsPerItem: Int = 4_096
    /// Item references in `iref`, targets of one reference, properties in `ipco`/`ipma`.
    public var maxReferences: Int = 1_000_000
    /// Bytes of one XMP packet after Extended XMP reassembly.
    public var maxXMPBytes: Int = 64 << 20
    /// Pixels of one decoded image.
    public var maxPixels: Int = 256 << 20
    /// Bytes one decode or reassembly may allocate in total.
    public var maxAllocation: Int = 1 << 30

    public init() {}

    public static let `default` = ParseLimits()

    /// Throws `limitExceeded` when `value` is above `limit`.
    @inlinable public func check(_ value: Int, _ limit: Int, _ what: String, at offset: Int,
                                 path: @autoclosure () -> String) throws(ParseError) {
        if value > limit || value < 0 {
            throw ParseError(.limitExceeded, at: offset, path: path(), "\(what) \(value) exceeds the limit of \(limit)")
        }
    }
}
