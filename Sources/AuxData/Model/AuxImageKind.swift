/// What an auxiliary image holds, as ImageIO names the kinds (kCGImageAuxiliaryDataType…):
/// `depth` and `disparity` maps, the `portraitEffectsMatte`, a `semanticMatte` (with its
/// ``SemanticMatte`` type), an `hdrGainMap`, an `alpha` plane, a depth map's `confidence`,
/// another `view` of a stereo or multi-view photo, or `unknown`. The raw value is the name
/// the reports and `extract`'s file names use.
///
/// A matte is classified by what it is (its subtype or URN), never by the word `depth` that
/// Apple's JPEG XMP puts in `apdi:AuxiliaryImageType` for the portrait matte.
public enum AuxImageKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Distance in metres.
    case depth
    /// Inverse distance in 1/metres.
    case disparity
    /// The matte Portrait mode separates the subject with.
    case portraitEffectsMatte
    /// A semantic segmentation matte (skin, hair, teeth, glasses, sky).
    case semanticMatte
    /// An HDR gain map: Apple's (kCGImageAuxiliaryDataTypeHDRGainMap), or ISO 21496-1's.
    case hdrGainMap
    /// An alpha plane.
    case alpha
    /// How far a depth map's values can be trusted, 0 (none) to 1 (full): Dynamic Depth's
    /// confidence map (Dynamic Depth 1.0 §DepthMap ConfidenceURI).
    case confidence
    /// Another view of the scene: a multi-frame image of a stereo or multi-view MPO (CIPA
    /// DC-007 §5.2.3.3.1 MP types 0x020001 panorama, 0x020002 disparity, 0x020003 multi-angle).
    case view
    /// The photo as captured, before an effect drawn with its depth: Dynamic Depth's image item
    /// with `Image:ItemSemantic` `Original` (Dynamic Depth 1.0 §Image), which an editor
    /// renders the effect again from.
    case original
    /// An aux image of a type depthcheck does not know.
    case unknown

    /// The case name: `depth`, `portraitEffectsMatte`.
    public var description: String { rawValue }

    /// Depth or disparity: the kinds that carry distance and take a float pixel format.
    public var isDepthLike: Bool { self == .depth || self == .disparity }
    /// Portrait or semantic matte: the kinds that must travel with depth.
    package var isMatte: Bool { self == .portraitEffectsMatte || self == .semanticMatte }
}
