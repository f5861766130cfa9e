import AuxData
import Container

extension ReaderProblemRule {
    /// An unparsable packet loses the aux description (formats, ranges, calibration) that the
    /// rules and ImageIO rely on.
    static let xmpNotWellFormed = ReaderProblemRule(
        RuleInfo(.structureXMPNotWellFormed, .error, Citation(.xmpPart1, "§7 (RDF/XML serialisation), §8.2 (value types)"),
                 summary: "Every XMP packet is well-formed RDF/XML without a DOCTYPE, within the size limit, with values of their schemas' types and valid base64 payloads.",
                 fix: "Re-serialise the XMP packet; the finding gives the libxml2 message and position."),
        codes: [.xmpNotWellFormed, .xmpDoctypeForbidden, .xmpNoRDF, .xmpTooLarge, .base64Invalid, .xmpValueInvalid],
        container: nil)
}

extension RuleID {
    /// `structure.xmp.not-well-formed`, checked by this file's rule.
    package static let structureXMPNotWellFormed = RuleID(rawValue: "structure.xmp.not-well-formed")
}
