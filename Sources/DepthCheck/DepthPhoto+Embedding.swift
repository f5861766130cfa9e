import AuxData
import Container
import Foundation
import Validator

extension DepthPhoto {
    /// This photo with `map` embedded as its depth or disparity, as `depthcheck embed` writes
    /// it: an 8-bit map over the values' own range with Apple's description (a gray JPEG
    /// after the primary in a JPEG, a monochrome HEVC item in a HEIC), the primary's coded
    /// bytes kept as they are.
    ///
    /// Refused with ``DepthCheckError/refused(rule:message:)``, before anything is made, as
    /// the command refuses: a map whose aspect ratio is not the photo's (within one pixel) or
    /// that has more pixels than the photo, values that are not finite or not positive
    /// distances, a photo that already has depth or disparity unless `replacing`, and any
    /// result that would not pass the rule catalog.
    public func embedding(_ map: DepthMap, replacing: Bool = false) throws -> Data {
        let (pw, ph) = (model.primary.width, model.primary.height)
        guard map.width > 0, map.height > 0, map.values.count == map.width * map.height else {
            throw DepthCheckError.refused(rule: nil, message: "\(map.values.count) values for a \(map.width)×\(map.height) map")
        }
        guard MapAspect.matches(map.width, map.height, photo: pw, ph) else {
            throw DepthCheckError.refused(rule: "geometry.aux.aspect-mismatch",
                                          message: "the map is \(map.width)×\(map.height), the photo \(pw)×\(ph): the aspect ratios differ by more than one pixel")
        }
        guard map.width * map.height <= pw * ph else {
            throw DepthCheckError.refused(rule: nil, message: "the map (\(map.width)×\(map.height)) has more pixels than the photo (\(pw)×\(ph))")
        }
        let kind: AuxKind = map.kind == .depth ? .depth : .disparity
        if let problem = MapValueProblem.ofDepthValues(map.values, width: map.width, kind: kind, container: model.container) {
            throw DepthCheckError.refused(rule: problem.rule.map(RuleID.init(rawValue:)), message: problem.message)
        }
        let format = kind == .depth ? PixelFormat.hdep : PixelFormat.hdis
        guard let aux = AuxMap.quantising(map.values, width: map.width, height: map.height, kind: kind, format: format) else {
            throw DepthCheckError.refused(rule: nil, message: "the map has values that are not finite")
        }
        let existing = model.auxImages.filter { $0.kind.isDepthLike }
        if !existing.isEmpty, !replacing {
            throw DepthCheckError.refused(rule: nil, message: "the photo already has \(existing.map(\.kind.rawValue).joined(separator: ", ")); embed with replacing: true")
        }
        return try written(removing: existing.map(\.index), adding: [aux])
    }

    /// This photo with a portrait effects matte (or, with `semantic`, that semantic matte):
    /// `values` 0…1, `width × height` of them. A matte travels with depth: the photo must
    /// have a depth or disparity map.
    public func embeddingMatte(width: Int, height: Int, values: [Float], semantic: SemanticMatte? = nil,
                               replacing: Bool = false) throws -> Data {
        let (pw, ph) = (model.primary.width, model.primary.height)
        guard width > 0, height > 0, values.count == width * height else {
            throw DepthCheckError.refused(rule: nil, message: "\(values.count) values for a \(width)×\(height) matte")
        }
        guard model.auxImages.contains(where: { $0.kind.isDepthLike }) else {
            throw DepthCheckError.refused(rule: "matte.requires-depth", message: "a matte needs a depth or disparity image on the same photo")
        }
        guard MapAspect.matches(width, height, photo: pw, ph) else {
            throw DepthCheckError.refused(rule: "matte.aspect-mismatch",
                                          message: "the matte is \(width)×\(height), the photo \(pw)×\(ph): the aspect ratios differ by more than one pixel")
        }
        if let problem = MapValueProblem.ofMatteValues(values, width: width) {
            throw DepthCheckError.refused(rule: problem.rule.map(RuleID.init(rawValue:)), message: problem.message)
        }
        let kind: AuxKind = semantic == nil ? .portraitEffectsMatte : .semanticMatte
        let existing = model.auxImages.filter { $0.kind == kind && $0.semanticMatte == semantic?.model }
        if !existing.isEmpty, !replacing {
            throw DepthCheckError.refused(rule: nil, message: "the photo already has this matte; embed with replacing: true")
        }
        let samples = values.map { UInt8(max(0, min(255, (Double($0) * 255).rounded()))) }
        let aux = AuxMap(kind: kind, semanticMatte: semantic?.model, width: width, height: height, samples: samples,
                         nativeFormat: PixelFormat.L008)
        return try written(removing: existing.map(\.index), adding: [aux])
    }

    /// This photo without the aux images given (their bytes leave the file), as `depthcheck
    /// strip` writes it. A matte is not left without depth.
    public func removing(_ images: [AuxImage]) throws -> Data {
        let indexes = Set(images.map(\.index))
        let left = model.auxImages.filter { !indexes.contains($0.index) }
        if left.contains(where: { $0.kind.isMatte }), !left.contains(where: { $0.kind.isDepthLike }) {
            throw DepthCheckError.refused(rule: "matte.requires-depth", message: "removing them leaves a matte without depth or disparity")
        }
        return try written(removing: Array(indexes).sorted(), adding: [])
    }

    /// The edit, written and then checked as `check --pixels` would: a result with an error is
    /// refused, never handed out.
    func written(removing: [Int], adding: [AuxMap]) throws -> Data {
        let out: [UInt8]
        do { out = try AuxEmbedder.edit(bytes, removing: removing, adding: adding, limits: limits) } catch {
            throw DepthCheckError.refused(rule: nil, message: "\(name) cannot be rewritten: \(error.description)")
        }
        if let first = WrittenPhotoCheck.errors(in: out, path: name, limits: limits).first {
            throw DepthCheckError.refused(rule: RuleID(rawValue: first.rule), message: "the result would fail its own check: \(first.message)")
        }
        return Data(out)
    }
}
