import AuxData

/// What an auxiliary image holds, as ImageIO names the kinds (kCGImageAuxiliaryDataType…):
/// `depth` and `disparity` maps, the `portraitEffectsMatte`, a `semanticMatte` (with its
/// ``SemanticMatte`` type), an HDR `gainMap`, an `alpha` plane, a depth map's `confidence`, another
/// `view` of a stereo or multi-view photo, or `unknown`.
public enum AuxImageKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Distance in metres.
    case depth
    /// Inverse distance in 1/metres.
    case disparity
    /// The matte Portrait mode separates the subject with.
    case portraitEffectsMatte
    /// A semantic segmentation matte (skin, hair, teeth, glasses, sky).
    case semanticMatte
    /// An HDR gain map (Apple's, or ISO 21496-1).
    case gainMap
    /// An alpha plane.
    case alpha
    /// A depth map's confidence, 0 (none) to 1 (full): Dynamic Depth's confidence map.
    case confidence
    /// Another view of the scene: a multi-frame image of a stereo or multi-view MPO.
    case view
    /// An aux image of a type DepthCheck does not know.
    case unknown

    /// The case name: `depth`, `portraitEffectsMatte`.
    public var description: String { rawValue }

    /// Depth or disparity: the kinds that carry distance.
    public var isDepthLike: Bool { self == .depth || self == .disparity }

    init(_ kind: AuxKind) {
        switch kind {
        case .depth: self = .depth
        case .disparity: self = .disparity
        case .portraitEffectsMatte: self = .portraitEffectsMatte
        case .semanticMatte: self = .semanticMatte
        case .hdrGainMap: self = .gainMap
        case .alpha: self = .alpha
        case .confidence: self = .confidence
        case .view: self = .view
        case .unknown: self = .unknown
        }
    }
}

/// The semantic segmentation mattes ImageIO knows (kCGImageAuxiliaryDataTypeSemanticSegmentation…Matte).
public enum SemanticMatte: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case skin, hair, teeth, glasses, sky

    /// `skin`, `hair`, `teeth`, `glasses` or `sky`.
    public var description: String { rawValue }

    init(_ t: SemanticMatteType) {
        switch t {
        case .skin: self = .skin
        case .hair: self = .hair
        case .teeth: self = .teeth
        case .glasses: self = .glasses
        case .sky: self = .sky
        }
    }

    var model: SemanticMatteType {
        switch self {
        case .skin: return .skin
        case .hair: return .hair
        case .teeth: return .teeth
        case .glasses: return .glasses
        case .sky: return .sky
        }
    }
}
