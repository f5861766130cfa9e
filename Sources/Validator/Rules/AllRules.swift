/// The catalog: every rule, in report order. Rules are listed here explicitly (no
/// self-registration), so the catalog is reviewable in one place. Every rule has a file of
/// its own under `Rules/`; those that report only reader problems are `ReaderProblemRule`s.
enum AllRules {
    typealias R = ReaderProblemRule

    static let list: [any Rule] = [
        // structure: JPEG and MPF
        R.jpegSegmentInvalid, JPEGExtraneousBytes(), JPEGTrailingData(), SamsungTrailerEntryOutOfBounds(), R.tiffStructureInvalid,
        MPFVersionInvalid(), MPFImageCountMismatch(), MPFFirstEntryOffset(), MPFEntryOffsetOutOfBounds(),
        MPFImagesOverlap(), MPFEntrySizeMismatch(), MPFDuplicateIndex(),
        MPFImageTruncated(), MPFFirstEntryType(), MPFStubMismatch(),
        R.extendedXMPInvalid, R.xmpNotWellFormed,
        // structure: HEIF
        R.heifBoxSizeInvalid, HEIFBoxInvalid(), HEIFHandlerNotPict(), HEIFItemInfoVersion(), HEIFImageSequence(), HEIFPrimaryMissing(), R.heifExtentOutOfBounds, R.heifExifItemInvalid, HEIFExifHeaderNotSkipped(), HEIFReferenceMissingItem(),
        HEIFGroupIDCollision(), HEIFPropertyIndexInvalid(), HEIFAuxCMissing(), HEIFAuxCDuplicate(), HEIFISPEMissing(), HEIFCodedSizeMismatch(), HEIFCodedSizePadded(), HEIFConfigurationMismatch(), AVIFItemData(), AVIFConfigurationMismatch(), AVIFAuxiliaryCoding(), AVIFBrands(), AVIFLayeredItem(), MIAFPixelAspect(), MIAFGridChromaAlignment(), MIAFItemDataLocation(), MIAFPixelInformation(), MIAFThumbnailScale(), HEIFPropertyRepeated(),
        HEIFGridInvalid(), HEIFDerivationInputInvalid(), HEIFReferenceTargetInvalid(), HEIFCodedImageIncomplete(), R.depthSEIInvalid, R.limitsExceeded,
        R.malformed,
        HEIFPropertyNotEssential(),
        RequiredAuxMissing(),
        HEIFPrimaryNotMaster(), HEIFPropertyOrder(), HEIFPixiMismatch(), HEIFDepthSEIMissing(), MIAFBrands(), MIAFHandlerFirst(), MIAFCleanApertureAlignment(), MIAFDerivationOrder(),
        // dictionary
        PixelFormatAllowed(), PixelFormatMissing(), PixelFormatKindMismatch(), SizeInvalid(),
        StoredFormatMismatch(), IntRangeInvalid(), FloatRangeInvalid(), SEIRangeMismatch(), SEIElementsMissing(),
        AuxTypeUnknown(),
        // geometry
        AuxAspectMismatch(), AuxTransformMismatch(), AuxCleanAperture(), PrimaryCropped(),
        IntrinsicsAspectMismatch(), JPEGAuxOrientation(), ExifOrientationMismatch(),
        // matte
        MatteRequiresDepth(), MattePixelFormat(), MatteAspectMismatch(),
        // google
        GDepthRequiredFields(), XDMDepthMapFields(), GDepthNearFar(), GDepthFormatUnknown(), GDepthMimeMismatch(),
        DynamicDepthItemsFit(), DynamicDepthURIUnresolved(), DynamicDepthProfileCamera(), DynamicDepthNearFar(),
        DynamicDepthRequiredFields(), DynamicDepthConfidenceSize(), DynamicDepthAndroidRequirements(), GDepthMeasureUnknown(), GDepthConfidenceSize(),
        // gainmap
        R.toneMapMalformed, ToneMapVersionUnknown(), ToneMapExtraBytes(), ToneMapInputOrder(), ToneMapAlternativeGroup(), ToneMapFractionInvalid(),
        AdobeGainMapToneMapMismatch(), AdobeGainMapRangeInvalid(), AppleGainMapInconsistent(), GainMapOrphaned(), GainMapDirectoryLength(),
        // pixels (check --pixels only)
        AuxUndecodable(), AuxSizeMismatch(), IntRangeOutside(), DepthValueInvalid(), MapFlat(), MatteEmpty(), ContentMisaligned(), ContentUnrelated(),
    ]
}
