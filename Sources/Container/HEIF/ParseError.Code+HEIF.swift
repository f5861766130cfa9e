/// Codes for HEIF item properties and the item graph (ISO/IEC 23008-12).
extension ParseError.Code {
    /// An `ipma` association names a property index past the end of `ipco` (§9.3.3).
    public static let ipmaIndexOutOfRange = Self("heif.ipmaIndexOutOfRange")
    /// An `ipma` association with index 0 ("no property") is marked essential.
    public static let ipmaEssentialIndexZero = Self("heif.ipmaEssentialIndexZero")
    /// Two `ipma` entries for the same item (ISO/IEC 14496-12 §8.11.14.1: "shall not be repeated").
    public static let ipmaDuplicateItemID = Self("heif.ipmaDuplicateItemID")
    /// An `ipma` entry names an item that `iinf` does not declare.
    public static let ipmaMissingItem = Self("heif.ipmaMissingItem")
    /// An item carries more than one `auxC` (§6.5.8: the property describes one aux type).
    public static let auxCDuplicate = Self("heif.auxCDuplicate")
    /// An item that is an auxiliary image (`auxl` from) has no `auxC` (§6.5.8.1: mandatory).
    public static let auxCMissing = Self("heif.auxCMissing")
    /// An image item has no `ispe` (§6.5.3.1: "every image item shall be associated with one").
    public static let ispeMissing = Self("heif.ispeMissing")
    /// The picture size coded in the `hvcC` SPS differs from the item's `ispe`.
    public static let hvcCSizeMismatch = Self("heif.hvcCSizeMismatch")
    /// An HEVC SPS could not be parsed (ITU-T H.265 §7.3.2.2).
    public static let spsInvalid = Self("heif.spsInvalid")
    /// A `grid` item's descriptor could not be read (§6.6.2.3).
    public static let gridInvalid = Self("heif.gridInvalid")
    /// A `grid` item has a `dimg` count different from rows × columns (ISO/IEC 23008-12 §6.6.2.3).
    public static let gridTileCountMismatch = Self("heif.gridTileCountMismatch")
    /// An item's data (for a small payload such as Exif or a grid descriptor) cannot be located.
    public static let itemDataUnavailable = Self("heif.itemDataUnavailable")
}
