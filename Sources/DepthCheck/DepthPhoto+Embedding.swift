import DepthCheckCore
import Foundation

extension DepthPhoto {
    /// This photo with `map` embedded as its depth or disparity, as `depthcheck embed` writes
    /// it: an 8-bit map over the values' own range with Apple's description (a gray JPEG
    /// after the primary in a JPEG, a monochrome HEVC item in a HEIC), the primary's coded
    /// bytes kept as they are.
    ///
    /// Refused with a ``DepthCheckError``, before anything is made, as the command refuses
    /// (``PhotoEditor/embedding(_:output:)``): a map whose aspect ratio is not the photo's
    /// (within one pixel) or that has more pixels than the photo, values that are not finite
    /// or not positive distances, a photo that already has depth or disparity unless
    /// `replacing`, and any result that would not pass the rule catalog.
    ///
    /// `layout` ``DepthLayout/dynamicDepth`` or ``DepthLayout/gdepth`` writes a JPEG's depth as
    /// Android does instead (RangeInverse, or RangeLinear with `rangeFormat`); a HEIC is refused.
    public func embedding(_ map: DepthMap, layout: DepthLayout = .apple, rangeFormat: DepthRangeFormat = .inverse,
                          replacing: Bool = false) throws(DepthCheckError) -> Data {
        let source = EmbedMap(name: "the map", width: map.width, height: map.height, values: map.values)
        return try edited(EmbedRequest(distance: (.map(source), map.kind), replacing: replacing, layout: layout,
                                       rangeFormat: rangeFormat))
    }

    /// This photo with a portrait effects matte (or, with `semantic`, that semantic matte):
    /// `values` 0…1, `width × height` of them. A matte travels with depth: the photo must
    /// have a depth or disparity map.
    public func embeddingMatte(width: Int, height: Int, values: [Float], semantic: SemanticMatte? = nil,
                               replacing: Bool = false) throws(DepthCheckError) -> Data {
        let source = EmbedSource.map(EmbedMap(name: "the matte", width: width, height: height, values: values))
        var request = EmbedRequest(replacing: replacing)
        if let semantic { request.semanticMattes = [(semantic, source)] } else { request.portraitMatte = source }
        return try edited(request)
    }

    /// This photo without the aux images given (their bytes leave the file), as `depthcheck
    /// strip` writes it. A matte is not left without depth.
    public func removing(_ images: [AuxImage]) throws(DepthCheckError) -> Data {
        Data(try editor().removing(images.map(\.index), output: name).bytes)
    }

    func edited(_ request: EmbedRequest) throws(DepthCheckError) -> Data {
        Data(try editor().embedding(request, output: name).bytes)
    }
}
