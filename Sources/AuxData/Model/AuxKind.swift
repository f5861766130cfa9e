/// What an auxiliary image holds. A matte is classified by what it is (its subtype or URN),
/// never by the word `depth` that Apple's JPEG XMP puts in `apdi:AuxiliaryImageType` for the
/// portrait matte (Apple's apdi XMP in iPhone JPEGs).
package enum AuxKind: String, Sendable, CaseIterable {
    case depth
    case disparity
    case portraitEffectsMatte
    case semanticMatte
    case hdrGainMap
    case alpha
    /// How far a depth map's values can be trusted, 0 (none) to 1 (full): Dynamic Depth's
    /// confidence map (Dynamic Depth 1.0 §DepthMap ConfidenceURI).
    case confidence
    /// Another view of the scene: a multi-frame image of a stereo or multi-view MPO (CIPA
    /// DC-007 §5.2.3.3.1 MP types 0x020001 panorama, 0x020002 disparity, 0x020003 multi-angle).
    case view
    case unknown

    /// Depth or disparity: the kinds that carry distance and take a float pixel format.
    package var isDepthLike: Bool { self == .depth || self == .disparity }
    /// Portrait or semantic matte: the kinds that must travel with depth.
    package var isMatte: Bool { self == .portraitEffectsMatte || self == .semanticMatte }
}

/// The semantic segmentation mattes ImageIO knows (kCGImageAuxiliaryDataTypeSemanticSegmentation*Matte).
package enum SemanticMatteType: String, Sendable, CaseIterable {
    case skin, hair, teeth, glasses, sky
}
