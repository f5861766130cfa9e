import AuxData
import Container
import Validator

extension PhotoEditor {
    /// The photo with the request's maps embedded, written as `output` (a name for messages):
    /// each stored as 8 bits over its own range, as Apple stores maps (a gray JPEG after the
    /// primary in a JPEG, a monochrome HEVC item in a HEIC), with Apple's description; what
    /// it replaces leaves the file, but for the camera calibration of a depth or disparity map
    /// it replaces, which is written beside the new one unless ``EmbedRequest/keepingCalibration``
    /// is false. Also the names of what was added (`depth 48x64`).
    ///
    /// Refused, in this order and before anything is made: a pixel format not allowed for
    /// the kind; per map, a map file that does not parse or has more pixels than the photo,
    /// an aspect ratio that is not the photo's (within a pixel), values that are no
    /// distances (or not 0…1 for a matte), a gray map without zNear and zFar, a kind the
    /// photo already has unless ``EmbedRequest/replacing``; a matte without depth; and any
    /// result with an error under `check --pixels`. The request's ``EmbedRequest/layout`` may
    /// ask for Google's Dynamic Depth or GDepth instead, in a JPEG.
    public func embedding(_ request: EmbedRequest, output: String = "the result") throws(DepthCheckError) -> (bytes: [UInt8], added: [String]) {
        guard request.distance != nil || request.portraitMatte != nil || !request.semanticMattes.isEmpty else {
            throw .invalidRequest(message: "nothing to embed: give a depth or disparity map or a matte")
        }
        if request.layout != .apple { return try embeddingGoogleDepth(request, output: output) }
        var adding: [AuxMap] = []
        var removing: [Int] = []
        // A GDepth depth map counts: replacing takes it out of the primary's XMP.
        let existingDepth = photo.auxImages.filter { $0.kind.isDepthLike }
        if let (source, distance) = request.distance {
            let kind: AuxImageKind = distance == .depth ? .depth : .disparity
            let format = try pixelFormat(request.pixelFormat, for: kind)
            let file = try map(source)
            try requireAspect(file, rule: .geometryAuxAspectMismatch)
            var map: AuxMap
            if file.isNormalisedGray {
                // A gray map's distances are worked out in Double, as the map's range ends are
                // rounded outwards from them.
                guard let n = request.zNear, let f = request.zFar, n > 0, f > n else {
                    throw .invalidRequest(message: "\(file.name) is a gray map: \(request.hints.grayDistances) (0 < zNear < zFar, metres)")
                }
                map = try quantised(file.values.map { g in
                    let d = n + Double(g) * (f - n)
                    return kind == .depth ? d : 1 / d
                }, file, kind: kind, format: format)
            } else {
                map = try quantised(file.values, file, kind: kind, format: format)
            }
            if !existingDepth.isEmpty {
                guard request.replacing else {
                    throw .invalidRequest(message: "\(name) already has \(Self.describe(existingDepth)); \(request.hints.replace)")
                }
                removing += existingDepth.map(\.index)
                // The camera's calibration stays with the photo, written beside the new map.
                if request.keepingCalibration {
                    map = map.calibrated(existingDepth.sorted { $0.index < $1.index }.lazy.compactMap { DepthCalibration(metadata: $0.metadata) }.first)
                }
            }
            adding.append(map)
        }
        let mattes = (request.portraitMatte.map { [($0, AuxImageKind.portraitEffectsMatte, SemanticMatte?.none)] } ?? [])
            + request.semanticMattes.map { ($0.source, AuxImageKind.semanticMatte, Optional($0.kind)) }
        for (source, kind, semantic) in mattes {
            let what = semantic.map { "a \($0.rawValue) semantic matte" } ?? "a portrait effects matte"
            guard !adding.isEmpty || !existingDepth.isEmpty else {
                throw .refused(rule: .matteRequiresDepth,
                               message: "\(what) needs a depth or disparity image on the same photo; \(request.hints.matteNeedsDepth)")
            }
            let file = try map(source)
            try requireAspect(file, rule: .matteAspectMismatch)
            let existing = photo.auxImages.filter { $0.kind == kind && $0.semanticMatte == semantic }
            if !existing.isEmpty {
                guard request.replacing else { throw .invalidRequest(message: "\(name) already has \(what); \(request.hints.replace)") }
                removing += existing.map(\.index)
            }
            if let problem = MapValueProblem.ofMatteValues(file.values, width: file.width) {
                throw Self.refusal(problem, file.name)
            }
            let samples = file.values.map { UInt8(max(0, min(255, (Double($0) * 255).rounded()))) }
            adding.append(AuxMap(kind: kind, semanticMatte: semantic, width: file.width, height: file.height,
                                 samples: samples, nativeFormat: PixelFormat.L008))
        }
        let written = try writing(removing: removing, adding: adding, output: output)
        let added = adding.map { m in "\(m.semanticMatte.map { "\($0.rawValue) matte" } ?? m.kind.rawValue) \(m.width)x\(m.height)" }
        return (written, added)
    }

    /// The format asked for, checked against the kind (`dictionary.pixel-format.not-allowed`,
    /// `dictionary.pixel-format.kind-mismatch`); hdis for disparity and hdep for depth by default.
    func pixelFormat(_ asked: PixelFormat?, for kind: AuxImageKind) throws(DepthCheckError) -> PixelFormat {
        guard let f = asked else { return kind == .depth ? PixelFormat.hdep : PixelFormat.hdis }
        guard PixelFormat.depthFormats.contains(f) else {
            throw .refused(rule: .dictionaryPixelFormatNotAllowed, message: "\(f) is not hdis, fdis, hdep or fdep")
        }
        if kind == .depth ? !f.isDepth : !f.isDisparity {
            throw .refused(rule: .dictionaryPixelFormatKindMismatch,
                           message: "\(f) is a \(f.isDepth ? "depth" : "disparity") format; this map is \(kind.rawValue)")
        }
        return f
    }

    /// A map's values stored as 8 bits over their range, refused with the rule they would break.
    func quantised<V: BinaryFloatingPoint>(_ values: [V], _ file: EmbedMap, kind: AuxImageKind, format: PixelFormat) throws(DepthCheckError) -> AuxMap {
        if let problem = MapValueProblem.ofDepthValues(values, width: file.width, kind: kind, container: photo.container) {
            throw Self.refusal(problem, file.name)
        }
        guard let map = AuxMap.quantising(values, width: file.width, height: file.height, kind: kind, format: format) else {
            throw .invalidRequest(message: "\(file.name): the map has values that are not finite")
        }
        return map
    }

    /// Values that cannot be stored: refused with the rule the photo would break.
    static func refusal(_ problem: MapValueProblem, _ name: String) -> DepthCheckError {
        .refused(rule: rule(breaking: problem.kind), message: "\(name): \(problem.message)")
    }

    /// The rule a photo holding such values would break; nil for a matte's, which the writer
    /// refuses because it would clip them.
    static func rule(breaking kind: MapValueProblem.Kind) -> RuleID? {
        switch kind {
        case .notANumber, .negativeDepth: .pixelsDepthValueInvalid
        case .floatRange: .dictionaryFloatRangeInvalid
        case .seiRange: .dictionarySEIRangeMismatch
        case .matteValues: nil
        }
    }
}
