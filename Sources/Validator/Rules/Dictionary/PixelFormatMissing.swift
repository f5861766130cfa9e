import AuxData

/// ImageIO builds the aux data dictionary's PixelFormat from apdi:NativeFormat; without it a
/// reader has to guess whether the 8-bit map stands for half or full floats, depth or disparity.
/// Mattes have one format only (AVPortraitEffectsMatte, AVSemanticSegmentationMatte
/// pixelFormatType: "the only supported pixel format type for the matting image is
/// kCVPixelFormatType_OneComponent8"), which ImageIO supplies itself: iPhones write no
/// NativeFormat for their semantic mattes, and none is asked of a matte. Only an image that
/// carries Apple's description (apdi or depthData XMP) is held to it: an MPEG depth image
/// (auxC `urn:mpeg:mpegB:cicp:systems:auxiliary:depth`, or HEVC's `auxid:2` without Apple's
/// XMP) says what its samples are in its depth representation information, as its own
/// standard has it, and Google's depth in its XMP.
struct PixelFormatMissing: Rule {
    let info = RuleInfo(
        .dictionaryPixelFormatMissing, .warning,
        Citation(.appleImageIO, "kCGImageAuxiliaryDataInfoDataDescription / kCGImagePropertyPixelFormat; AVSemanticSegmentationMatte and AVPortraitEffectsMatte pixelFormatType (OneComponent8 only)"),
        summary: "Depth and disparity images described by Apple's XMP declare their native pixel format (apdi:NativeFormat); mattes have one format and need none.",
        fix: "Add an XMP description with apdi:NativeFormat to the aux image.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let images = photo.auxImages.filter { $0.kind.isDepthLike && !$0.isGoogleDepth && ($0.hasAppleDescription || $0.depthData != nil) }
        guard !images.isEmpty else { return .notApplicable }
        return .from(images.compactMap { a in
            guard a.nativeFormat == nil else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "\(a.kind.rawValue) image \(a.index) has no apdi:NativeFormat")
        })
    }
}

extension RuleID {
    /// `dictionary.pixel-format.missing`, checked by this file's rule.
    package static let dictionaryPixelFormatMissing = RuleID(rawValue: "dictionary.pixel-format.missing")
}
