import Container

extension ParseError.Code {
    /// The packet is not well-formed XML (XML 1.0 §2.1) or breaks Namespaces in XML.
    package static let xmpNotWellFormed = Self("xmp.notWellFormed")
    /// The packet has a document type declaration. XMP is serialized as RDF/XML with no DTD
    /// (Adobe XMP Specification Part 1 §7), so a DOCTYPE has no use in a packet; refusing it
    /// keeps entity expansion and external fetches out.
    package static let xmpDoctypeForbidden = Self("xmp.doctypeForbidden")
    /// The XML is well-formed but holds no `rdf:RDF` element (Part 1 §7.4).
    package static let xmpNoRDF = Self("xmp.noRDF")
    /// The packet is larger than `ParseLimits.maxXMPBytes`.
    package static let xmpTooLarge = Self("xmp.tooLarge")
    /// A base64 property value holds a character outside the base64 alphabet or bad padding.
    package static let base64Invalid = Self("base64.invalid")
}

extension ParseError.Code {
    /// A property's value is not of the type its schema gives it (an integer that is not a
    /// number, a Boolean that is not True or False; Adobe XMP Specification Part 1 §8.2), or
    /// a base64 payload does not decode.
    package static let xmpValueInvalid = Self("xmp.valueInvalid")
}
