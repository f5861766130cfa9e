import AuxData

/// ImageIO builds the aux data dictionary's PixelFormat from apdi:NativeFormat; without it a
/// reader has to guess whether the 8-bit map stands for half or full floats, depth or disparity.
/// Mattes have one format only (AVPortraitEffectsMatte, AVSemanticSegmentationMatte
/// pixelFormatType: "the only supported pixel format type for the matting image is
/// kCVPixelFormatType_OneComponent8"), which ImageIO supplies itself: iPhones write no
/// NativeFormat for their semantic mattes, and none is asked of a matte.
struct PixelFormatMissing: Rule {
    let info = RuleInfo(
        "dictionary.pixel-format.missing", .warning,
        Citation(.appleImageIO, "kCGImageAuxiliaryDataInfoDataDescription / kCGImagePropertyPixelFormat; AVSemanticSegmentationMatte and AVPortraitEffectsMatte pixelFormatType (OneComponent8 only)"),
        summary: "Depth and disparity images declare their native pixel format (apdi:NativeFormat); mattes have one format and need none.",
        fix: "Add an XMP description with apdi:NativeFormat to the aux image.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let images = photo.auxImages.filter { $0.kind.isDepthLike && !$0.isGoogleDepth }
        guard !images.isEmpty else { return .notApplicable }
        return .from(images.compactMap { a in
            guard a.nativeFormat == nil else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "\(a.kind.rawValue) image \(a.index) has no apdi:NativeFormat")
        })
    }
}
