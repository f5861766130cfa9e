import AuxData
import Container

extension ReaderProblemRule {
    /// GDepth maps live in extended XMP; a chunk that is missing, misplaced or fails the MD5
    /// check gives a corrupt map.
    static let extendedXMPInvalid = ReaderProblemRule(
        RuleInfo(.structureXMPExtendedInvalid, .error, Citation(.xmp, "§1.1.3.1 (extended XMP in JPEG)"),
                 summary: "Extended XMP chunks share one GUID and full length, cover the whole packet without gaps, and the GUID is the packet's MD5 named by xmpNote:HasExtendedXMP.",
                 fix: "Rewrite the extended XMP: split the packet into chunks with correct offsets and use its MD5 as the GUID."),
        codes: [.extendedXMPHeaderTruncated, .extendedXMPFullLengthMismatch, .extendedXMPGap, .extendedXMPOverlap, .extendedXMPChunkPastEnd, .extendedXMPMD5Mismatch, .extendedXMPGUIDMismatch],
        container: .jpeg, applies: { !($0.structure.jpeg?.primary.extendedXMPChunks.isEmpty ?? true) })
}

extension RuleID {
    /// `structure.xmp.extended-invalid`, checked by this file's rule.
    package static let structureXMPExtendedInvalid = RuleID(rawValue: "structure.xmp.extended-invalid")
}
