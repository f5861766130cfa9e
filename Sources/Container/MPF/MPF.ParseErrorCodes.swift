extension ParseError.Code {
    /// An image's offset + base lies outside the file: the image cannot be found.
    package static let mpfOffsetOutOfBounds = Self("mpf.offsetOutOfBounds")
    /// An image's offset does not land on an SOI (`FF D8`): the image cannot be read there.
    package static let mpfEntryNotSOI = Self("mpf.entryNotSOI")
}
