import AuxData
import Validator

/// Which aux images of a photo a command takes, as `extract` and `strip` are asked: by kind
/// name, by index (an MPF entry number or a HEIF item ID, as `info` shows), both, or all.
public struct AuxSelection: Sendable, Hashable {
    /// A kind as the command line names it: `depth` takes depth, disparity and a depth map's
    /// confidence (Apple cameras store disparity, Android a confidence map beside its depth:
    /// stripping "depth" for privacy must take them too), `matte` any portrait
    /// or semantic matte, `gainmap` an HDR gain map, `view` another view of an MPO, `original` the capture a Dynamic Depth photo was edited from; `disparity`, `alpha`, `unknown` and every
    /// `AuxImageKind` name take that kind alone.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The name given.
        public let name: String
        let kinds: Set<AuxImageKind>
        /// For a semantic matte's name (`hair`, as `embed --semantic` writes them): that matte only.
        let semantic: SemanticMatte?

        /// The names the commands document, in the order their help lists them.
        public static let names = ["depth", "disparity", "confidence", "matte", "gainmap", "alpha", "view", "original", "unknown"]
            + SemanticMatte.allCases.map(\.rawValue)

        /// The kind `name` stands for; nil for a name depthcheck does not know.
        public init?(_ name: String) {
            semantic = SemanticMatte(rawValue: name)
            switch name {
            case "depth": kinds = [.depth, .disparity, .confidence]
            case "matte": kinds = [.portraitEffectsMatte, .semanticMatte]
            case "gainmap": kinds = [.hdrGainMap]
            default:
                if semantic != nil {
                    kinds = [.semanticMatte]
                } else {
                    guard let k = AuxImageKind(rawValue: name) else { return nil }
                    kinds = [k]
                }
            }
            self.name = name
        }

        /// Whether an aux image of `kind` is of this kind.
        package func matches(_ kind: AuxImageKind) -> Bool { kinds.contains(kind) && semantic == nil }

        /// Whether `aux` is of this kind (for a semantic matte's name, that matte).
        package func matches(_ aux: ParsedAuxImage) -> Bool {
            kinds.contains(aux.kind) && (semantic == nil || aux.semanticMatte == semantic)
        }

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
    package func chosen(in photo: ParsedPhoto) -> [ParsedAuxImage] {
        photo.auxImages.filter { a in
            (kind.map { $0.matches(a) } ?? true) && (index.map { $0 == a.index } ?? true)
        }.sorted { $0.index < $1.index }
    }

    /// The one aux image a command that writes one map takes from `photo` (named `file`), or
    /// why there is none to take:
    /// - with an index, that image;
    /// - with no kind, the depth or disparity map (what people extract a map for), never a
    ///   gain map or a matte because it comes first; none is refused, listing what the file has;
    /// - `matte`: the portrait matte, or the one semantic matte; several semantic mattes and no
    ///   portrait matte are refused, naming them (`--aux hair` takes one);
    /// - `depth`: the depth or disparity map, as with no kind, and the confidence map only when
    ///   the photo has neither (a Dynamic Depth directory may list its confidence item first);
    /// - any other kind: the lowest index of that kind.
    package func single(in photo: ParsedPhoto, file: String) -> Result<ParsedAuxImage, SelectionRefusal> {
        let candidates: [ParsedAuxImage]
        if index == nil, kind == nil {
            candidates = photo.auxImages.filter { $0.kind.isDepthLike }.sorted { $0.index < $1.index }
            guard let first = candidates.first else {
                let have = Self.listed(photo)
                return .failure(SelectionRefusal(message: "\(file) has no depth or disparity map"
                    + (have.isEmpty ? " and no other aux image" : "; it has \(have)"), reason: have.isEmpty ? .nothingChosen : .noDepth))
            }
            return .success(first)
        }
        candidates = chosen(in: photo)
        guard let first = candidates.first else {
            return .failure(SelectionRefusal(message: nothingChosen(in: photo, file: file), reason: .nothingChosen))
        }
        if index == nil, kind?.name == "matte", !candidates.contains(where: { $0.kind == .portraitEffectsMatte }), candidates.count > 1 {
            let names = candidates.map { "\($0.semanticMatte?.rawValue ?? $0.kind.rawValue) (\($0.index))" }
            return .failure(SelectionRefusal(message: "\(file) has no portrait matte but \(candidates.count) semantic mattes: "
                + names.joined(separator: ", "), reason: .severalSemanticMattes))
        }
        if index == nil, kind?.name == "matte", let portrait = candidates.first(where: { $0.kind == .portraitEffectsMatte }) {
            return .success(portrait)
        }
        if index == nil, kind?.name == "depth", let map = candidates.first(where: { $0.kind.isDepthLike }) {
            return .success(map)
        }
        return .success(first)
    }

    /// `2 (disparity), 3 (hair matte)`.
    static func listed(_ photo: ParsedPhoto) -> String {
        photo.auxImages.sorted { $0.index < $1.index }.map { a in
            "\(a.index) (\(a.semanticMatte.map { "\($0.rawValue) matte" } ?? a.kind.rawValue))"
        }.joined(separator: ", ")
    }

    /// Why nothing was chosen in `photo` (named `file`): what was asked and what it has,
    /// `file has no matte aux image; it has 2 (disparity)`.
    package func nothingChosen(in photo: ParsedPhoto, file: String) -> String {
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

    /// Why no single aux image was taken.
    public struct SelectionRefusal: Error, Sendable, Equatable {
        /// Why: what a caller can offer instead differs.
        public enum Reason: Sendable, Equatable {
            /// No depth or disparity map, and other aux images to name instead.
            case noDepth
            /// Several semantic mattes and no portrait matte: one must be named.
            case severalSemanticMattes
            /// Nothing of what was asked.
            case nothingChosen
        }
        /// What was asked and what the photo has, for the person who asked.
        public let message: String
        /// Why nothing single was taken.
        public let reason: Reason
    }

    /// Why removing `removed` from `photo` is refused, or nil: a matte must not be left
    /// without a depth or disparity image (ImageIO hands out a matte only beside depth).
    package static func removalProblem(_ removed: [ParsedAuxImage], from photo: ParsedPhoto) -> (rule: RuleID, message: String)? {
        let gone = Set(removed.map(\.index))
        let left = photo.auxImages.filter { !gone.contains($0.index) }
        guard left.contains(where: { $0.kind.isMatte }), !left.contains(where: { $0.kind.isDepthLike }) else { return nil }
        return (.matteRequiresDepth, "removing it leaves a matte without depth or disparity; strip the mattes too")
    }
}
