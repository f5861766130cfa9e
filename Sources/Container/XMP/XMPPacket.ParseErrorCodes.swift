extension ParseError.Code {
    /// An Extended XMP segment shorter than its 75-byte header (Adobe XMP Part 3 §1.1.3.1).
    package static let extendedXMPHeaderTruncated = Self("xmp.extendedHeaderTruncated")
    /// Chunks of one GUID declare different full lengths.
    package static let extendedXMPFullLengthMismatch = Self("xmp.extendedFullLengthMismatch")
    /// The chunks leave a part of [0, full length) uncovered.
    package static let extendedXMPGap = Self("xmp.extendedGap")
    /// Two chunks cover the same bytes.
    package static let extendedXMPOverlap = Self("xmp.extendedOverlap")
    /// A chunk ends after the declared full length.
    package static let extendedXMPChunkPastEnd = Self("xmp.extendedChunkPastEnd")
    /// The MD5 of the reassembled packet is not the GUID.
    package static let extendedXMPMD5Mismatch = Self("xmp.extendedMD5Mismatch")
}

extension ParseError.Code {
    /// An XMP packet an editor must change whose markup cannot be delimited (a tag or an
    /// attribute value that does not close): it is refused rather than written half-edited.
    package static let xmpMarkupUnreadable = Self("xmp.markupUnreadable")
}
