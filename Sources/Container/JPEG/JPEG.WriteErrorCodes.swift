extension ParseError.Code {
    /// An image the writer must copy has no known end (no EOI was found), so its bytes cannot
    /// be delimited (T.81 B.2.1: an image ends with EOI).
    package static let writeImageWithoutEnd = Self("write.imageWithoutEnd")
    /// A size or offset does not fit its 32-bit field (CIPA DC-007 §5.2.3.3: MP entry fields
    /// are LONG; ISO/IEC 14496-12 §8.11.3: iloc fields of the chosen size).
    package static let writeFieldOverflow = Self("write.fieldOverflow")
    /// What the writer was asked to write is not a JPEG image it can place (no SOI, no frame).
    package static let writeNotAnImage = Self("write.notAnImage")
    /// A map the encoder cannot store at its own size (a side over 65,500, libheif's limit).
    package static let writeMapSizeUnsupported = Self("write.mapSizeUnsupported")
    /// Bytes the writer would have to drop or corrupt because it cannot read them: a box or
    /// item it does not understand where it must rebuild, data after the last image that no
    /// index describes, an MP entry that locates no image. Writing would lose them, so the
    /// writer refuses instead.
    package static let writeUnreadable = Self("write.unreadable")
    /// A removed item's bytes cannot be taken out of the file: they lie outside an `mdat`
    /// (ISO/IEC 14496-12 §8.1.1), or a kept structure the writer does not rewrite locates them.
    package static let writeCannotRemove = Self("write.cannotRemove")
    /// What was asked to be added has no place the writer can give it without changing what
    /// the file holds: a second Extended XMP packet for a primary that has one (Adobe XMP
    /// Specification Part 3 §1.1.3.1 allows one per file), a description too large for it.
    package static let writeCannotAdd = Self("write.cannotAdd")
}
