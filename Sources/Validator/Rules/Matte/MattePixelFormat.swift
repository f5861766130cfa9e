import AuxData
import Container

/// Portrait and semantic mattes are kCVPixelFormatType_OneComponent8, "currently the only
/// supported" format (AVPortraitEffectsMatte.h, AVSemanticSegmentationMatte.h).
struct MattePixelFormat: Rule {
    let info = RuleInfo(
        .mattePixelFormat, .error,
        Citation(.appleMatte, "pixelFormatType: kCVPixelFormatType_OneComponent8"),
        summary: "A matte's native pixel format is L008.",
        fix: "Write apdi:NativeFormat 1278226488 (L008) for the matte.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let mattes = photo.auxImages.filter { $0.kind.isMatte && $0.nativeFormat != nil }
        guard !mattes.isEmpty else { return .notApplicable }
        return .from(mattes.compactMap { a in
            guard let f = a.nativeFormat, f != PixelFormat.L008 else { return nil }
            let at = a.valueLocation(XMPNamespace.appleAux, "NativeFormat")
            return info.finding(at.offset, at.path, "\(a.kind.rawValue) image \(a.index) has native format '\(f)'; mattes are L008")
        })
    }
}

extension RuleID {
    /// `matte.pixel-format`, checked by this file's rule.
    package static let mattePixelFormat = RuleID(rawValue: "matte.pixel-format")
}
