import Container

/// The catalog: every rule, in report order. Rules are listed here explicitly (no
/// self-registration), so the catalog is reviewable in one place.
enum AllRules {
    /// Structure rules whose findings are the parsers' own problems.
    static let parseIssueRules: [ParseIssueRule] = [
        .jpegSegmentInvalid, .tiffStructureInvalid,
        .mpfVersionInvalid, .mpfImageCountMismatch, .mpfFirstEntryOffset, .mpfEntryOffsetOutOfBounds,
        .mpfImagesOverlap, .mpfEntrySizeMismatch, .mpfDuplicateIndex,
        .extendedXMPInvalid, .xmpNotWellFormed,
        .heifBoxSizeInvalid, .heifBoxInvalid, .heifPrimaryMissing, .heifExtentOutOfBounds, .heifReferenceMissingItem,
        .heifPropertyIndexInvalid, .heifAuxCMissing, .heifAuxCDuplicate, .heifISPEMissing, .heifCodedSizeMismatch,
        .heifGridInvalid, .depthSEIInvalid, .limitsExceeded,
    ]

    static let claimedCodes: Set<ParseError.Code> = parseIssueRules.reduce(into: []) { $0.formUnion($1.codes) }

    static let list: [any Rule] = [
        // structure: JPEG and MPF
        ParseIssueRule.jpegSegmentInvalid, JPEGTrailingData(), ParseIssueRule.tiffStructureInvalid,
        ParseIssueRule.mpfVersionInvalid, ParseIssueRule.mpfImageCountMismatch, ParseIssueRule.mpfFirstEntryOffset,
        ParseIssueRule.mpfEntryOffsetOutOfBounds, ParseIssueRule.mpfImagesOverlap, ParseIssueRule.mpfEntrySizeMismatch,
        ParseIssueRule.mpfDuplicateIndex,
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
