extension ParseError.Code {
    /// The MP Index IFD has no NumberOfImages (B001), which CIPA DC-007 §5.2.3.1.2 requires.
    public static let mpfMissingNumberOfImages = Self("mpf.missingNumberOfImages")
    /// MPFVersion (B000) is not `0100` (CIPA DC-007 §5.2.3.1.1).
    public static let mpfBadVersion = Self("mpf.badVersion")
    /// The MPEntry (B002) byte count is not 16 × NumberOfImages (CIPA DC-007 §5.2.3.1.3).
    public static let mpfCountMismatch = Self("mpf.countMismatch")
    /// An image's offset + base, or its offset + size, lies outside the file.
    public static let mpfOffsetOutOfBounds = Self("mpf.offsetOutOfBounds")
    /// An image's offset does not land on an SOI (`FF D8`).
    public static let mpfEntryNotSOI = Self("mpf.entryNotSOI")
    /// The first entry's offset is not 0 (CIPA DC-007 §5.2.3.3.3: the first image's offset is 0).
    public static let mpfFirstOffsetNotZero = Self("mpf.firstOffsetNotZero")
    /// An entry's declared size differs from the image's actual length (SOI to EOI).
    public static let mpfEntrySizeMismatch = Self("mpf.entrySizeMismatch")
    /// The two bytes before an image's SOI are not the previous image's EOI.
    public static let mpfPreviousImageNotEnded = Self("mpf.previousImageNotEnded")
    /// Two images share bytes.
    public static let mpfImagesOverlap = Self("mpf.imagesOverlap")
    /// Two entries point at the same offset.
    public static let mpfDuplicateOffset = Self("mpf.duplicateOffset")
    /// A second APP2 MPF segment in one image (CIPA DC-007 §5.2.1: one per image).
    public static let mpfDuplicateSegment = Self("mpf.duplicateSegment")
    /// A secondary image could not be read at all.
    public static let mpfImageUnreadable = Self("mpf.imageUnreadable")
}
