import AuxData
import Validator

/// A map to embed, made in memory or read from a map file.
public struct EmbedMap: Sendable, Equatable {
    /// What messages call it: its file's path, or "the map".
    public let name: String
    /// Its width, in the photo's stored frame.
    public let width: Int
    /// Its height, in the photo's stored frame.
    public let height: Int
    /// Row by row from the top: metres for depth, 1/metres for disparity, 0…1 for a matte; a
    /// gray map (``isNormalisedGray``) holds 0…1 for zNear…zFar.
    public let values: [Float]
    /// A gray map of 0 (zNear) to 1 (zFar), linear in depth, whose distances come from
    /// ``EmbedRequest/zNear`` and ``EmbedRequest/zFar``.
    public let isNormalisedGray: Bool

    /// A map of `values`, `width × height` of them.
    public init(name: String, width: Int, height: Int, values: [Float], isNormalisedGray: Bool = false) {
        self.name = name
        self.width = width
        self.height = height
        self.values = values
        self.isNormalisedGray = isNormalisedGray
    }
}

/// Where a map to embed comes from: values in memory, or a map file (PGM, PNG, PFM, npy)
/// read when the request is carried out, after the checks that need no map.
public enum EmbedSource: Sendable, Equatable {
    /// A map in memory.
    case map(EmbedMap)
    /// A map file: a gray PGM or PNG (8 or 16 bit), or a PFM or .npy of values.
    case file(String)
}

/// What to embed in a photo: a depth or disparity map, mattes, and how they are stored.
public struct EmbedRequest: Sendable {
    /// The quality (1–100) a new primary is encoded at when none is given, as `heif-enc -q 90`.
    public static let defaultQuality = PrimaryEncoder.defaultQuality

    /// A distance in metres as messages write it: `0.5`, `12`.
    public static func distanceText(_ metres: Double) -> String { NumberText.short(metres) }

    /// The depth or disparity map, and which it is.
    public var distance: (source: EmbedSource, kind: DepthMap.Kind)?
    /// The distance of gray 0, in metres, for a gray map.
    public var zNear: Double?
    /// The distance of gray 1, in metres, for a gray map.
    public var zFar: Double?
    /// The pixel format ImageIO hands the map out as (`hdis`, `fdis`, `hdep`, `fdep`); nil:
    /// `hdep` for depth, `hdis` for disparity.
    public var pixelFormat: PixelFormat?
    /// A portrait effects matte.
    public var portraitMatte: EmbedSource?
    /// Semantic segmentation mattes, one of each kind at most.
    public var semanticMattes: [(kind: SemanticMatte, source: EmbedSource)]
    /// Replace the depth, disparity or mattes the photo already has, instead of refusing.
    public var replacing: Bool
    /// When replacing a depth or disparity map, write the camera calibration it carried
    /// (intrinsics, extrinsics, lens distortion and their reference size) beside the new map:
    /// the calibration is the camera's, not the map's. False drops it.
    public var keepingCalibration: Bool
    /// How the depth is laid out: Apple's (the default), Dynamic Depth or GDepth.
    public var layout: DepthLayout
    /// How Dynamic Depth and GDepth quantise depth (RangeInverse by default).
    public var rangeFormat: DepthRangeFormat
    /// How refusals tell the caller what to do instead.
    public var hints: Hints

    /// What a refusal suggests, in the caller's own terms (the command line names its options).
    public struct Hints: Sendable {
        /// For a photo that already has what is embedded.
        public var replace: String
        /// For a gray map without its distances.
        public var grayDistances: String
        /// For a matte without depth.
        public var matteNeedsDepth: String

        /// The suggestions in the library's terms.
        public static let library = Hints(replace: "embed with replacing: true", grayDistances: "give zNear and zFar",
                                          matteNeedsDepth: "embed a depth or disparity map too")

        /// Suggestions of your own.
        public init(replace: String, grayDistances: String, matteNeedsDepth: String) {
            self.replace = replace
            self.grayDistances = grayDistances
            self.matteNeedsDepth = matteNeedsDepth
        }
    }

    /// A request; give at least a map or a matte.
    public init(distance: (source: EmbedSource, kind: DepthMap.Kind)? = nil, zNear: Double? = nil, zFar: Double? = nil,
                pixelFormat: PixelFormat? = nil, portraitMatte: EmbedSource? = nil,
                semanticMattes: [(kind: SemanticMatte, source: EmbedSource)] = [], replacing: Bool = false,
                keepingCalibration: Bool = true,
                layout: DepthLayout = .apple, rangeFormat: DepthRangeFormat = .inverse, hints: Hints = .library) {
        self.distance = distance
        self.zNear = zNear
        self.zFar = zFar
        self.pixelFormat = pixelFormat
        self.portraitMatte = portraitMatte
        self.semanticMattes = semanticMattes
        self.replacing = replacing
        self.keepingCalibration = keepingCalibration
        self.layout = layout
        self.rangeFormat = rangeFormat
        self.hints = hints
    }
}
