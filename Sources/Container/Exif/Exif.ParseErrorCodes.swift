extension ParseError.Code {
    /// The TIFF header's byte-order mark is neither `II` nor `MM` (TIFF 6.0 §2, Image File Header).
    package static let tiffBadByteOrder = Self("tiff.badByteOrder")
    /// The TIFF header's magic number is not 42 (TIFF 6.0 §2).
    package static let tiffBadMagic = Self("tiff.badMagic")
    /// An IFD offset points outside the TIFF structure.
    package static let tiffIFDOffsetOutOfBounds = Self("tiff.ifdOffsetOutOfBounds")
    /// An IFD's entry count needs more bytes than the TIFF structure has after it.
    package static let ifdEntryCountPastEnd = Self("tiff.ifdEntryCountPastEnd")
    /// An entry's value (count × type size) lies outside the TIFF structure.
    package static let tiffValueOutOfBounds = Self("tiff.valueOutOfBounds")
    /// An entry's type is not one of the 12 TIFF 6.0 field types.
    package static let tiffUnknownType = Self("tiff.unknownType")
    /// An entry has the wrong type or count for its tag.
    package static let tiffBadEntry = Self("tiff.badEntry")
}
