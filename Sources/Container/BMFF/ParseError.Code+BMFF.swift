/// Codes for ISOBMFF box structure (ISO/IEC 14496-12 §4.2, §8.11).
extension ParseError.Code {
    /// A box header declares a size smaller than the header itself (§4.2).
    package static let boxSizeSmallerThanHeader = Self("bmff.boxSizeSmallerThanHeader")
    /// A box extends past the end of its enclosing box or of the file (§4.2).
    package static let boxExceedsParent = Self("bmff.boxExceedsParent")
    /// A box inside another declares size 0, "to the end of the file", which ISO/IEC 14496-12
    /// §4.2 allows only the file's last box.
    package static let boxSizeZeroInside = Self("bmff.boxSizeZeroInside")
    /// A FullBox carries a version this reader does not know.
    package static let unsupportedVersion = Self("bmff.unsupportedVersion")
    /// The file has no `ftyp` before its `meta` (§4.3).
    package static let ftypMissing = Self("bmff.ftypMissing")
    /// The file has no top-level `meta` box (ISO/IEC 23008-12 §6.2).
    package static let metaMissing = Self("bmff.metaMissing")
    /// An `iloc` offset/length/base_offset/index size is not 0, 4 or 8 (§8.11.3.3).
    package static let ilocBadFieldSize = Self("bmff.ilocBadFieldSize")
    /// An `iloc` extent lies past the end of the file or of `idat`.
    package static let ilocExtentPastEnd = Self("bmff.ilocExtentPastEnd")
    /// An `iloc` item uses a construction method this reader does not resolve (2 = item offset).
    package static let ilocUnsupportedConstructionMethod = Self("bmff.ilocUnsupportedConstructionMethod")
    /// `iloc` construction method 1 names `idat`, but `meta` has none.
    package static let ilocIdatMissing = Self("bmff.ilocIdatMissing")
    /// `iinf` entry_count differs from the number of `infe` boxes it holds.
    package static let iinfEntryCountMismatch = Self("bmff.iinfEntryCountMismatch")
}
