import AuxData
import Container

/// Reader problems — bytes the parsers could not read — and the rule each is reported under.
///
/// This is the one place where a `ParseError.Code` meets a rule id: find a rule id here to see
/// which reader problems it reports. Rules that report nothing else are defined here too, with
/// their level and citation; rules that also judge the structure (`structure.heif.box-invalid`,
/// `structure.heif.grid-invalid`, …) live one per file in `Rules/` and only have their reader
/// codes listed here. A code listed nowhere is reported under `structure.file.malformed`, so a
/// parser change can never make a problem disappear.
enum ReaderProblems {
    /// Rule id per reader problem code.
    static let owners: [ParseError.Code: String] = {
        var owners: [ParseError.Code: String] = [:]
        for (rule, codes) in codes { for c in codes { owners[c] = rule } }
        return owners
    }()

    /// The rule that reports problems whose code no rule owns.
    static let malformedFile = RuleInfo(
        "structure.file.malformed", .error,
        Citation(.isobmff, "§4.2 box sizes; ITU-T T.81 Annex B.1.1.4 marker segment lengths; CIPA DC-008 §4.6.2 IFD structure"),
        summary: "The file's structures are well-formed (problems not covered by a more specific rule).",
        fix: "Re-export the file; the finding names the structure and offset that could not be read.")

    /// The reader problems among `issues` that belong to `rule`, as findings in reading order.
    static func findings(for rule: RuleInfo, in issues: [ParseError]) -> [RuleFinding] {
        // Most photos have no reader problems: nothing to compare the rule's id with.
        guard !issues.isEmpty else { return [] }
        if rule.id == malformedFile.id {
            return issues.filter { owners[$0.code] == nil }.map { rule.finding($0.offset, $0.path, $0.message) }
        }
        return issues.filter { owners[$0.code] == rule.id }.map { e in
            rule.finding(e.offset, e.path, e.message)
        }
    }

    static let codes: [(rule: String, codes: [ParseError.Code])] = [
        ("structure.jpeg.segment-invalid", [.jpegExpectedMarker, .segmentLengthBelowTwo, .segmentTruncated, .sofMalformed,
                                            .sofDuplicate, .sosBeforeSOF, .sosMalformed, .missingEOI, .unexpectedMarker,
                                            .tooManySegments]),
        ("structure.tiff.ifd-invalid", [.tiffBadByteOrder, .tiffBadMagic, .tiffIFDOffsetOutOfBounds, .ifdEntryCountPastEnd,
                                        .tiffValueOutOfBounds, .tiffUnknownType, .tiffBadEntry]),
        // Ordered entry by entry with the rule's own judgements (MPFEntryOffsetOutOfBounds).
        ("structure.mpf.entry-offset-out-of-bounds", [.mpfOffsetOutOfBounds, .mpfEntryNotSOI]),
        ("structure.xmp.extended-invalid", [.extendedXMPHeaderTruncated, .extendedXMPFullLengthMismatch, .extendedXMPGap,
                                            .extendedXMPOverlap, .extendedXMPChunkPastEnd, .extendedXMPMD5Mismatch,
                                            .extendedXMPGUIDMismatch]),
        ("structure.xmp.not-well-formed", [.xmpNotWellFormed, .xmpDoctypeForbidden, .xmpNoRDF, .xmpTooLarge, .base64Invalid,
                                           .xmpValueInvalid]),
        ("structure.heif.box-size", [.boxSizeSmallerThanHeader, .boxExceedsParent, .boxSizeZeroInside]),
        ("structure.heif.box-invalid", [.unsupportedVersion, .iinfEntryCountMismatch, .ilocBadFieldSize,
                                        .ilocUnsupportedConstructionMethod, .ilocIdatMissing, .spsInvalid]),
        ("structure.heif.iloc-extent-out-of-bounds", [.ilocExtentPastEnd, .itemDataUnavailable]),
        ("structure.heif.grid-invalid", [.gridInvalid]),
        ("structure.heif.depth-sei-invalid", [.seiMalformed, .seiExpGolombTooLong, .seiNALTooShort,
                                              .seiNoDepthRepresentation, .seiValueOutOfRange]),
        ("structure.limits.exceeded", [.limitExceeded]),
        ("gainmap.tmap.malformed", [.toneMapInvalid]),
        ("structure.heif.exif-item-invalid", [.exifOffsetMissing, .exifOffsetOutOfBounds]),
    ]
}

/// The rules that report nothing but reader problems, each with why it matters.
extension ReaderProblems {
    /// T.81 defines a JPEG as marker segments whose lengths count themselves; a reader that
    /// meets a bad length or order cannot find the image data.
    static let jpegSegmentInvalid = ReaderProblemRule(
        RuleInfo("structure.jpeg.segment-invalid", .error, Citation(.jpeg, "Annex B.1.1.4, B.2 (marker segments and lengths)"),
                 summary: "Every JPEG image is a well-formed sequence of marker segments: lengths of at least two, SOF before SOS, an EOI.",
                 fix: "Re-encode or re-export the image; a segment is truncated, mislabelled or out of order."),
        container: .jpeg)

    /// Exif and MPF both use TIFF IFDs; an entry or offset outside the segment makes
    /// Orientation or the MP entries unreadable.
    static let tiffStructureInvalid = ReaderProblemRule(
        RuleInfo("structure.tiff.ifd-invalid", .error, Citation(.exif, "§4.6.2 (IFD structure); CIPA DC-007 §5.2.3 (MP Index IFD)"),
                 summary: "TIFF-structured segments (Exif APP1, MPF APP2) have a valid header and IFDs whose entries and values lie inside the segment.",
                 fix: "Rewrite the Exif or MPF segment; an IFD offset, count or value points outside it."),
        container: .jpeg)

    /// GDepth maps live in extended XMP; a chunk that is missing, misplaced or fails the MD5
    /// check gives a corrupt map.
    static let extendedXMPInvalid = ReaderProblemRule(
        RuleInfo("structure.xmp.extended-invalid", .error, Citation(.xmp, "§1.1.3.1 (extended XMP in JPEG)"),
                 summary: "Extended XMP chunks share one GUID and full length, cover the whole packet without gaps, and the GUID is the packet's MD5 named by xmpNote:HasExtendedXMP.",
                 fix: "Rewrite the extended XMP: split the packet into chunks with correct offsets and use its MD5 as the GUID."),
        container: .jpeg, applies: { !($0.structure.jpeg?.primary.extendedXMPChunks.isEmpty ?? true) })

    /// An unparsable packet loses the aux description (formats, ranges, calibration) that the
    /// rules and ImageIO rely on.
    static let xmpNotWellFormed = ReaderProblemRule(
        RuleInfo("structure.xmp.not-well-formed", .error, Citation(.xmpPart1, "§7 (RDF/XML serialisation), §8.2 (value types)"),
                 summary: "Every XMP packet is well-formed RDF/XML without a DOCTYPE, within the size limit, with values of their schemas' types and valid base64 payloads.",
                 fix: "Re-serialise the XMP packet; the finding gives the libxml2 message and position."),
        container: nil)

    /// A box whose size lies makes every box after it unreadable, or reads another box's bytes as its own.
    static let heifBoxSizeInvalid = ReaderProblemRule(
        RuleInfo("structure.heif.box-size", .error, Citation(.isobmff, "§4.2 (box size, largesize, size 0)"),
                 summary: "Every box's size covers at least its header and fits inside its parent and the file.",
                 fix: "Rewrite the box sizes; a box claims more bytes than its parent or the file holds, or fewer than its header."),
        container: .heif)

    /// An extent past the end of the file means the item's data (a depth map, its XMP) is missing.
    static let heifExtentOutOfBounds = ReaderProblemRule(
        RuleInfo("structure.heif.iloc-extent-out-of-bounds", .error, Citation(.isobmff, "§8.11.3 iloc (extents locate item data)"),
                 summary: "Every iloc extent lies inside the file (or inside idat).",
                 fix: "Rewrite iloc offsets and lengths to point at the item data that exists."),
        container: .heif)

    /// Readers take z_near/z_far/d_min/d_max from this SEI to turn stored values into distances.
    static let depthSEIInvalid = ReaderProblemRule(
        RuleInfo("structure.heif.depth-sei-invalid", .error, Citation(.hevc, "Annex F.14.2.9 depth_representation_info; ISO/IEC 23008-12 §6.5.8 aux_subtype"),
                 summary: "A depth item's auxC subtype holds a decodable depth representation SEI.",
                 fix: "Write the auxC subtype as a length-prefixed prefix-SEI NAL unit with payload type 177."),
        container: .heif, applies: { $0.auxImages.contains { $0.kind.isDepthLike } })

    /// Every count a file declares is checked against a limit before anything is allocated;
    /// exceeding one is a finding, not a crash.
    static let limitsExceeded = ReaderProblemRule(
        RuleInfo("structure.limits.exceeded", .error, Citation(.depthcheck, "section \"Using it\": --max-items, --max-xmp-bytes, --max-pixels and the other --max-* options"),
                 summary: "The file stays within depthcheck's limits on counts, nesting and sizes.",
                 fix: "If the file is genuine, raise the limit with the matching option; otherwise it is hostile or corrupt."),
        container: nil)

    /// The gain map metadata is what turns the base image into the HDR rendition; a `tmap` item
    /// whose data cannot be read leaves readers with the base image only.
    static let toneMapMalformed = ReaderProblemRule(
        RuleInfo("gainmap.tmap.malformed", .error,
                 Citation(.heifToneMap, "§6.6.2.4 ToneMapImage; ISO 21496-1:2025 Annex C.2 GainMapMetadata syntax"),
                 summary: "Every tmap item's data is one readable ToneMapImage: a version byte and the gain map metadata with all its channels.",
                 fix: "Rewrite the tmap item's data: version, minimum and writer version, flags, headrooms, then one or three channels of five fractions."),
        container: .heif, applies: { !($0.structure.heif?.toneMapItems.isEmpty ?? true) })

    /// A reader finds the Exif data of a HEIF through the offset the item starts with; an item
    /// without it, or whose offset points nowhere, leaves the orientation and the camera data
    /// unread or read from the wrong bytes.
    static let heifExifItemInvalid = ReaderProblemRule(
        RuleInfo("structure.heif.exif-item-invalid", .error,
                 Citation(.heif, "Annex A.2.1: the Exif item's data is exif_tiff_header_offset (unsigned int(32)) followed by the Exif data"),
                 summary: "An Exif item starts with its 4-byte exif_tiff_header_offset, which points at the TIFF header inside the item.",
                 fix: "Write the Exif item as a 4-byte offset (0 when the TIFF header follows at once), then the TIFF data."),
        container: .heif)

    /// Problems no other rule owns.
    static let malformed = ReaderProblemRule(malformedFile, container: nil)

}
