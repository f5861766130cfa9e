extension ParseError.Code {
    /// An image the writer must copy has no known end (no EOI was found), so its bytes cannot
    /// be delimited (T.81 B.2.1: an image ends with EOI).
    public static let writeImageWithoutEnd = Self("write.imageWithoutEnd")
    /// A size or offset does not fit its 32-bit field (CIPA DC-007 §5.2.3.3: MP entry fields
    /// are LONG; ISO/IEC 14496-12 §8.11.3: iloc fields of the chosen size).
    public static let writeFieldOverflow = Self("write.fieldOverflow")
    /// What the writer was asked to write is not a JPEG image it can place (no SOI, no frame).
    public static let writeNotAnImage = Self("write.notAnImage")
    /// A map the encoder cannot store at its own size (a side over 65,500, libheif's limit).
    public static let writeMapSizeUnsupported = Self("write.mapSizeUnsupported")
}
