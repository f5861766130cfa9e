import AuxData
import Container

/// An unparsable packet loses the aux description (formats, ranges, calibration) that the rules and ImageIO rely on.
extension ParseIssueRule {
    static let xmpNotWellFormed = ParseIssueRule(
        RuleInfo("structure.xmp.not-well-formed", .error, Citation(.xmp, "Part 1 §7 (RDF/XML serialisation)"),
                 summary: "Every XMP packet is well-formed RDF/XML without a DOCTYPE, within the size limit, with valid base64 payloads.",
                 fix: "Re-serialise the XMP packet; the finding gives the libxml2 message and position."),
        codes: [.xmpNotWellFormed, .xmpDoctypeForbidden, .xmpNoRDF, .xmpTooLarge, .base64Invalid],
        container: nil)
}
