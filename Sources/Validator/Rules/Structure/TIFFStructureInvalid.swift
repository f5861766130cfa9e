import AuxData
import Container

extension ReaderProblemRule {
    /// Exif and MPF both use TIFF IFDs; an entry or offset outside the segment makes
    /// Orientation or the MP entries unreadable.
    static let tiffStructureInvalid = ReaderProblemRule(
        RuleInfo(.structureTIFFIfdInvalid, .error, Citation(.exif, "§4.6.2 (IFD structure); CIPA DC-007 §5.2.3 (MP Index IFD)"),
                 summary: "TIFF-structured segments (Exif APP1, MPF APP2) have a valid header and IFDs whose entries and values lie inside the segment.",
                 fix: "Rewrite the Exif or MPF segment; an IFD offset, count or value points outside it."),
        codes: [.tiffBadByteOrder, .tiffBadMagic, .tiffIFDOffsetOutOfBounds, .ifdEntryCountPastEnd, .tiffValueOutOfBounds, .tiffUnknownType, .tiffBadEntry],
        container: .jpeg)
}

extension RuleID {
    /// `structure.tiff.ifd-invalid`, checked by this file's rule.
    package static let structureTIFFIfdInvalid = RuleID(rawValue: "structure.tiff.ifd-invalid")
}
