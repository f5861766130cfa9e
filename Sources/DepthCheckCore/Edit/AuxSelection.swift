import AuxData

/// Which aux images of a photo a command takes, as `extract` and `strip` are asked: by kind
/// name, by index (an MPF entry number or a HEIF item ID, as `info` shows), both, or all.
public struct AuxSelection: Sendable, Hashable {
    /// A kind as the command line names it: `depth` takes depth, disparity and a depth map's
    /// confidence (Apple cameras store disparity, Android a confidence map beside its depth:
    /// stripping "depth" for privacy must take them too), `matte` any portrait
    /// or semantic matte, `gainmap` an HDR gain map, `view` another view of an MPO; `disparity`, `alpha`, `unknown` and every
    /// `AuxKind` name take that kind alone.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The name given.
        public let name: String
        let kinds: Set<AuxKind>

        /// The names the commands document, in the order their help lists them.
        public static let names = ["depth", "disparity", "confidence", "matte", "gainmap", "alpha", "view", "unknown"]

        /// The kind `name` stands for; nil for a name depthcheck does not know.
        public init?(_ name: String) {
            switch name {
            case "depth": kinds = [.depth, .disparity, .confidence]
            case "matte": kinds = [.portraitEffectsMatte, .semanticMatte]
            case "gainmap": kinds = [.hdrGainMap]
            default:
                guard let k = AuxKind(rawValue: name) else { return nil }
                kinds = [k]
            }
            self.name = name
        }

        /// Whether an aux image of `kind` is of this kind.
        public func matches(_ kind: AuxKind) -> Bool { kinds.contains(kind) }

        /// The name.
        public var description: String { name }
    }

    /// Only aux images of this kind; nil for any kind.
    public var kind: Kind?
    /// Only the aux image with this index; nil for any index.
    public var index: Int?

    /// The aux images of `kind` (nil: any) with `index` (nil: any).
    public init(kind: Kind? = nil, index: Int? = nil) {
        self.kind = kind
        self.index = index
    }

    /// Every aux image.
    public static let all = AuxSelection()

    /// The aux images chosen in `photo`, the lowest index first.
    public func chosen(in photo: AuxData.DepthPhoto) -> [AuxData.AuxImage] {
        photo.auxImages.filter { a in
            (kind.map { $0.matches(a.kind) } ?? true) && (index.map { $0 == a.index } ?? true)
        }.sorted { $0.index < $1.index }
    }

    /// Why nothing was chosen in `photo` (named `file`): what was asked and what it has,
    /// `file has no matte aux image; it has 2 (disparity)`.
    public func nothingChosen(in photo: AuxData.DepthPhoto, file: String) -> String {
        let what: String
        switch (kind, index) {
        case (let k?, let i?): what = "aux image \(i) of kind \(k)"
        case (nil, let i?): what = "aux image \(i)"
        case (let k?, nil): what = "\(k) aux image"
        case (nil, nil): what = "aux image"
        }
        let have = photo.auxImages.sorted { $0.index < $1.index }.map { "\($0.index) (\($0.kind.rawValue))" }
        return "\(file) has no \(what)" + (have.isEmpty ? "" : "; it has \(have.joined(separator: ", "))")
    }

    /// Why removing `removed` from `photo` is refused, or nil: a matte must not be left
    /// without a depth or disparity image (ImageIO hands out a matte only beside depth).
    public static func removalProblem(_ removed: [AuxData.AuxImage], from photo: AuxData.DepthPhoto) -> (rule: RuleID, message: String)? {
        let gone = Set(removed.map(\.index))
        let left = photo.auxImages.filter { !gone.contains($0.index) }
        guard left.contains(where: { $0.kind.isMatte }), !left.contains(where: { $0.kind.isDepthLike }) else { return nil }
        return ("matte.requires-depth", "removing it leaves a matte without depth or disparity; strip the mattes too")
    }
}
