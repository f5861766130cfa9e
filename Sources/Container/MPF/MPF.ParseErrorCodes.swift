extension ParseError.Code {
    /// The MP Index IFD has no NumberOfImages (B001), which CIPA DC-007 §5.2.3.1.2 requires.
    public static let mpfMissingNumberOfImages = Self("mpf.missingNumberOfImages")
    /// MPFVersion (B000) is not `0100` (CIPA DC-007 §5.2.3.1.1).
    public static let mpfBadVersion = Self("mpf.badVersion")
    /// The MPEntry (B002) byte count is not 16 × NumberOfImages (CIPA DC-007 §5.2.3.1.3).
    public static let mpfCountMismatch = Self("mpf.countMismatch")
    /// An image's offset + base lies outside the file: the image cannot be found.
    public static let mpfOffsetOutOfBounds = Self("mpf.offsetOutOfBounds")
    /// An image's offset does not land on an SOI (`FF D8`): the image cannot be read there.
    public static let mpfEntryNotSOI = Self("mpf.entryNotSOI")
    /// A second APP2 MPF segment in one image (CIPA DC-007 §5.2.1: one per image).
    public static let mpfDuplicateSegment = Self("mpf.duplicateSegment")
    /// A secondary image could not be read at all.
    public static let mpfImageUnreadable = Self("mpf.imageUnreadable")
}
