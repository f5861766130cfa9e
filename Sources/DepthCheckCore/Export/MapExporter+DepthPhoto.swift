import AuxData

extension MapExporter {
    /// An exporter for `photo`, read whole (a HEIF's aux images are decoded from their coded
    /// data).
    public init(photo: DepthPhoto) {
        self.init(photo: photo.model, bytes: photo.bytes, limits: photo.limits)
    }

    /// Writes `aux` to `output` as `request` says; returns the JSON description of a raw map
    /// (its `.json` side file's text), nil for other formats. The output is left as it is on
    /// failure: the caller abandons it.
    public func export(_ aux: AuxImage, _ request: Request, to output: any MapOutput) throws(MapExportError) -> String? {
        guard let stored = photo.auxImages.first(where: { $0.index == aux.index }) else {
            throw .notApplicable("the photo has no aux image \(aux.index)")
        }
        return try export(stored, request, to: output)
    }

    /// The name `extract --all` gives `aux` of a photo whose name without its extension is
    /// `stem`: `IMG_1.2.disparity.pfm`, or for coded data the coding's extension.
    public func fileName(of aux: AuxImage, stem: String, format: MapFileFormat) -> String {
        let kind = photo.auxImages.first(where: { $0.index == aux.index })?.kind.rawValue ?? aux.kind.rawValue
        let ext: String
        if format != .coded {
            ext = format.rawValue
        } else {
            switch aux.codec {
            case .jpeg: ext = "jpg"
            case .png: ext = "png"
            case .av1: ext = "avif"
            default: ext = "heic"
            }
        }
        return "\(stem).\(aux.index).\(kind).\(ext)"
    }

    /// What a message calls `aux`: `disparity 768×576 (index 2)`, `hair matte (index 5)`.
    public func label(of aux: AuxImage) -> String {
        let stored = photo.auxImages.first(where: { $0.index == aux.index })
        let size = stored.flatMap { s in s.coded.width.flatMap { w in s.coded.height.map { " \(w)×\($0)" } } } ?? ""
        let kind = stored?.kind.rawValue ?? aux.kind.rawValue
        return "\(aux.semanticMatte.map { "\($0.rawValue) matte" } ?? kind)\(size) (index \(aux.index))"
    }
}
