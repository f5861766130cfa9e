import AuxData
import Container

extension ReaderProblemRule {
    /// T.81 defines a JPEG as marker segments whose lengths count themselves; a reader that
    /// meets a bad length or order cannot find the image data.
    static let jpegSegmentInvalid = ReaderProblemRule(
        RuleInfo(.structureJPEGSegmentInvalid, .error, Citation(.jpeg, "Annex B.1.1.4, B.2 (marker segments and lengths)"),
                 summary: "Every JPEG image is a well-formed sequence of marker segments: lengths of at least two, SOF before SOS, an EOI.",
                 fix: "Re-encode or re-export the image; a segment is truncated, mislabelled or out of order."),
        codes: [.jpegExpectedMarker, .segmentLengthBelowTwo, .segmentTruncated, .sofMalformed, .sofDuplicate, .sosBeforeSOF, .sosMalformed, .missingEOI, .unexpectedMarker, .tooManySegments],
        container: .jpeg)
}

extension RuleID {
    /// `structure.jpeg.segment-invalid`, checked by this file's rule.
    package static let structureJPEGSegmentInvalid = RuleID(rawValue: "structure.jpeg.segment-invalid")
}
