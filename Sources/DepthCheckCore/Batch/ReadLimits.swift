import Container

/// Bounds on what a file may make depthcheck allocate or walk. Every count and size a file
/// declares is checked against one of these before anything is allocated for it; a file past
/// a limit is unreadable with a finding that names the limit, never a crash.
public struct ReadLimits: Sendable, Equatable {
    package var parse: ParseLimits

    /// The defaults: generous for any real photo, small enough that a hostile file cannot
    /// exhaust memory.
    public init() { parse = ParseLimits() }

    package init(_ parse: ParseLimits) { self.parse = parse }

    /// The defaults.
    public static let `default` = ReadLimits()

    /// Pixels of one decoded image.
    public var maxPixels: Int { get { parse.maxPixels } set { parse.maxPixels = newValue } }
    /// Bytes of one XMP packet after Extended XMP reassembly.
    public var maxXMPBytes: Int { get { parse.maxXMPBytes } set { parse.maxXMPBytes = newValue } }
    /// HEIF items in one `meta` box; MPF entries.
    public var maxItems: Int { get { parse.maxItems } set { parse.maxItems = newValue } }
    /// Depth of nested boxes (ISOBMFF) or IFDs (TIFF).
    public var maxNesting: Int { get { parse.maxNesting } set { parse.maxNesting = newValue } }
    /// Boxes in one file, JPEG segments in one image.
    public var maxBoxes: Int { get { parse.maxBoxes } set { parse.maxBoxes = newValue } }
    /// Extents of one `iloc` item.
    public var maxExtentsPerItem: Int { get { parse.maxExtentsPerItem } set { parse.maxExtentsPerItem = newValue } }
    /// Item references in `iref`, targets of one reference, properties in `ipco`/`ipma`.
    public var maxReferences: Int { get { parse.maxReferences } set { parse.maxReferences = newValue } }
    /// Bytes one decode or reassembly may allocate in total.
    public var maxAllocation: Int { get { parse.maxAllocation } set { parse.maxAllocation = newValue } }
}
