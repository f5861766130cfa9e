import AuxData
import Container
import Validator

extension PhotoEditor {
    /// `embedding` for the Dynamic Depth and GDepth layouts: the depth (a disparity map is
    /// turned into depth, 1/d) quantised to 8 bits as the request's range format says over the
    /// map's own nearest and farthest depths, written into the JPEG as Google's format lays it
    /// out (`GoogleDepthEmbedding`). Refused as the Apple layout refuses, and also for a HEIF,
    /// for mattes (neither format holds one) and for a pixel format (Apple's notion).
    func embeddingGoogleDepth(_ request: EmbedRequest, output: String) throws(DepthCheckError) -> (bytes: [UInt8], added: [String]) {
        let layout = request.layout
        guard photo.container == .jpeg else {
            throw .invalidRequest(message: "the \(layout) layout is written into a JPEG; \(name) is a HEIF, whose depth is an aux item (the apple layout)")
        }
        guard request.portraitMatte == nil, request.semanticMattes.isEmpty else {
            throw .invalidRequest(message: "the \(layout) layout holds depth alone; embed mattes with the apple layout")
        }
        guard request.pixelFormat == nil else {
            throw .invalidRequest(message: "the \(layout) layout stores depth as 8-bit Range\(request.rangeFormat == .inverse ? "Inverse" : "Linear") samples; a pixel format is the apple layout's")
        }
        guard let (source, distance) = request.distance else {
            throw .invalidRequest(message: "nothing to embed: the \(layout) layout needs a depth or disparity map")
        }
        let file = try map(source)
        try requireAspect(file, rule: .geometryAuxAspectMismatch)
        let depths: [Double]
        if file.isNormalisedGray {
            guard let n = request.zNear, let f = request.zFar, n > 0, f > n else {
                throw .invalidRequest(message: "\(file.name) is a gray map: \(request.hints.grayDistances) (0 < zNear < zFar, metres)")
            }
            depths = file.values.map { n + Double($0) * (f - n) }
        } else {
            let kind: AuxImageKind = distance == .depth ? .depth : .disparity
            if let problem = MapValueProblem.ofDepthValues(file.values, width: file.width, kind: kind, container: photo.container) {
                throw Self.refusal(problem, file.name)
            }
            depths = file.values.map { distance == .depth ? Double($0) : 1 / Double($0) }
        }
        let format: GDepthFormat = request.rangeFormat == .inverse ? .rangeInverse : .rangeLinear
        guard let map = GoogleDepthMap.quantising(depths, width: file.width, height: file.height, format: format) else {
            throw .invalidRequest(message: "\(file.name): the map has depths that are not finite and above zero")
        }
        // Any depth the photo has counts, whatever its layout: two depth maps would disagree.
        let existing = photo.auxImages.filter { $0.kind.isDepthLike || $0.kind == .confidence }
        if !existing.isEmpty, !request.replacing {
            throw .invalidRequest(message: "\(name) already has \(Self.describe(existing)); \(request.hints.replace)")
        }
        let embedding = GoogleDepthEmbedding(layout: layout == .gdepth ? .gdepth : .dynamicDepth, map: map)
        let written = try writing(removing: existing.map(\.index), adding: [], google: embedding, output: output)
        return (written, ["\(layout) depth \(map.width)x\(map.height)"
                          + (layout == .dynamicDepth ? " with a confidence map" : "")])
    }

    /// The depth a photo has, as a refusal names it: `depth (GDepth XMP)`, `disparity`.
    static func describe(_ images: [ParsedAuxImage]) -> String {
        images.map { a in
            if a.isGDepth { return "\(a.kind.rawValue) (GDepth XMP)" }
            if a.isDynamicDepth { return "\(a.kind.rawValue) (Dynamic Depth)" }
            return a.kind.rawValue
        }.joined(separator: ", ")
    }
}
