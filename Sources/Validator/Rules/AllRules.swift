import Container

/// The catalog: every rule, in report order. Rules are listed here explicitly (no
/// self-registration), so the catalog is reviewable in one place.
enum AllRules {
    /// Structure rules whose findings are the parsers' own problems.
    static let parseIssueRules: [ParseIssueRule] = [
        .jpegSegmentInvalid, .tiffStructureInvalid,
        .extendedXMPInvalid, .xmpNotWellFormed,
        .heifBoxSizeInvalid, .heifBoxInvalid, .heifPrimaryMissing, .heifExtentOutOfBounds, .heifReferenceMissingItem,
        .heifPropertyIndexInvalid, .heifAuxCMissing, .heifAuxCDuplicate, .heifISPEMissing, .heifCodedSizeMismatch,
        .heifGridInvalid, .depthSEIInvalid, .limitsExceeded,
    ]

    /// Every code a rule reports: the parse-issue rules' and the reader codes of rules that
    /// also judge the structure.
    static let claimedCodes: Set<ParseError.Code> = parseIssueRules.reduce(into: MPFEntryOffsetOutOfBounds.readerCodes) {
        $0.formUnion($1.codes)
    }

    static let list: [any Rule] = [
        // structure: JPEG and MPF
        ParseIssueRule.jpegSegmentInvalid, JPEGTrailingData(), ParseIssueRule.tiffStructureInvalid,
        MPFVersionInvalid(), MPFImageCountMismatch(), MPFFirstEntryOffset(), MPFEntryOffsetOutOfBounds(),
        MPFImagesOverlap(), MPFEntrySizeMismatch(), MPFDuplicateIndex(),
        ParseIssueRule.extendedXMPInvalid, ParseIssueRule.xmpNotWellFormed,
        // structure: HEIF
        ParseIssueRule.heifBoxSizeInvalid, ParseIssueRule.heifBoxInvalid, ParseIssueRule.heifPrimaryMissing,
        ParseIssueRule.heifExtentOutOfBounds, ParseIssueRule.heifReferenceMissingItem,
        ParseIssueRule.heifPropertyIndexInvalid, ParseIssueRule.heifAuxCMissing, ParseIssueRule.heifAuxCDuplicate,
        ParseIssueRule.heifISPEMissing, ParseIssueRule.heifCodedSizeMismatch, ParseIssueRule.heifGridInvalid,
        ParseIssueRule.depthSEIInvalid, ParseIssueRule.limitsExceeded,
        UnclaimedIssues(claimed: { claimedCodes }),
        HEIFPropertyNotEssential(),
        RequiredAuxMissing(),
        // dictionary
        PixelFormatAllowed(), PixelFormatMissing(), PixelFormatKindMismatch(), SizeInvalid(),
        StoredFormatMismatch(), IntRangeInvalid(), FloatRangeInvalid(), SEIRangeMismatch(), AuxTypeUnknown(),
        // geometry
        AuxAspectMismatch(), AuxTransformMismatch(), AuxCleanAperture(), PrimaryCropped(),
        IntrinsicsAspectMismatch(), JPEGAuxOrientation(),
        // matte
        MatteRequiresDepth(), MattePixelFormat(), MatteAspectMismatch(),
        // google
        GDepthRequiredFields(), GDepthNearFar(), GDepthFormatUnknown(), GDepthMimeMismatch(),
        DynamicDepthItemsFit(), DynamicDepthAndroidRequirements(),
    ]
}
