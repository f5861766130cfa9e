/// Bounds on what a file may make depthcheck allocate or walk.
///
/// Every count or size that the input controls is checked against one of these before
/// anything is allocated for it (the way libheif's `heif_security_limits` works). Exceeding a
/// limit is a `limitExceeded` error and so a finding, never a crash.
package struct ParseLimits: Sendable, Equatable {
    /// Depth of nested boxes (ISOBMFF) or IFDs (TIFF).
    package var maxNesting: Int = 32
    /// Boxes in one file, JPEG segments in one image.
    package var maxBoxes: Int = 100_000
    /// HEIF items in one `meta` box; MPF entries.
    package var maxItems: Int = 65_536
    /// Extents of one `iloc` item.
    package var maxExtentsPerItem: Int = 4_096
    /// Item references in `iref`, targets of one reference, properties in `ipco`/`ipma`.
    package var maxReferences: Int = 1_000_000
    /// Bytes of one XMP packet after Extended XMP reassembly.
    package var maxXMPBytes: Int = 64 << 20
    /// Pixels of one decoded image.
    package var maxPixels: Int = 256 << 20
    /// Bytes one decode or reassembly may allocate in total.
    package var maxAllocation: Int = 1 << 30

    package init() {}

    package static let `default` = ParseLimits()

    /// Throws `limitExceeded` when `value` is above `limit`.
    @inlinable package func check(_ value: Int, _ limit: Int, _ what: String, at offset: Int,
                                 path: @autoclosure () -> String) throws(ParseError) {
        if value > limit || value < 0 {
            throw ParseError(.limitExceeded, at: offset, path: path(), "\(what) \(value) exceeds the limit of \(limit)")
        }
    }
}
