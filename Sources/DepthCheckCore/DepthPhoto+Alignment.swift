import AuxData
import Validator

extension DepthPhoto {
    /// Whether `aux`'s picture lines up with the photo's (``MapAlignment``): the map and the
    /// photo are decoded small, in the display frame the file places them in, and compared
    /// as `check --pixels` compares them for `geometry.content.misaligned`. Any aux image can
    /// be judged; the rule judges depth, disparity and confidence maps, mattes and gain maps.
    ///
    /// Throws ``DepthCheckError/undecodable(index:message:)`` when the map or the photo does
    /// not decode.
    public func alignment(of aux: AuxImage) throws(DepthCheckError) -> MapAlignment {
        guard let a = model.auxImages.first(where: { $0.index == aux.index }) else {
            throw DepthCheckError.undecodable(index: aux.index, message: "the photo has no aux image \(aux.index)")
        }
        return try alignment(of: a)
    }

    /// The photo's picture for content alignment, decoded small; nil when it does not decode.
    var alignmentPicture: AlignmentGrid? { try? Validation.picture(of: model, bytes: bytes, limits: limits).get() }

    /// `aux`'s alignment against `picture` (the photo's, from `alignmentPicture`), or against
    /// the photo decoded now.
    func alignment(of a: ParsedAuxImage, picture given: AlignmentGrid? = nil) throws(DepthCheckError) -> MapAlignment {
        let aux = a
        var preview = AlignmentPreview()
        do throws(AuxDecodeError) {
            try AuxDecoder(photo: model, bytes: bytes, limits: limits).decode(a, into: &preview)
        } catch {
            throw DepthCheckError.undecodable(index: aux.index, message: error.description)
        }
        guard let stored = preview.grid else {
            throw DepthCheckError.undecodable(index: aux.index, message: "no rows decoded")
        }
        let picture: AlignmentGrid
        if let given {
            picture = given
        } else {
            switch Validation.picture(of: model, bytes: bytes, limits: limits) {
            case .success(let p): picture = p
            case .failure(let e): throw DepthCheckError.undecodable(index: aux.index, message: "the photo does not decode: \(e.description)")
            }
        }
        let placed = MapOrientation.steps(for: a, in: model).reduce(stored) { $0.oriented($1) }
        return MapAlignment(ContentAlignment.judge(photo: picture, map: placed))
    }
}
