import AuxData
import Container

/// AVDepthData accepts only the four depth/disparity float formats; any other native format
/// makes `AVDepthData(fromDictionaryRepresentation:)` fail.
struct PixelFormatAllowed: Rule {
    let info = RuleInfo(
        .dictionaryPixelFormatNotAllowed, .error,
        Citation(.appleDepth, "AVDepthData depthDataType: kCVPixelFormatType_DisparityFloat16/32, kCVPixelFormatType_DepthFloat16/32"),
        summary: "A depth or disparity map's native pixel format is hdis, fdis, hdep or fdep.",
        fix: "Write apdi:NativeFormat as the decimal OSType of hdis (1751411059), fdis, hdep or fdep.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { $0.kind.isDepthLike && $0.nativeFormat != nil }
        guard !maps.isEmpty else { return .notApplicable }
        return .from(maps.compactMap { a in
            guard let f = a.nativeFormat, !PixelFormat.depthFormats.contains(f) else { return nil }
            let at = a.valueLocation(XMPNamespace.appleAux, "NativeFormat")
            return info.finding(at.offset, at.path,
                                "\(a.kind.rawValue) image \(a.index) has native format '\(f)' (\(f.osType)); allowed: hdis, fdis, hdep, fdep")
        })
    }
}

extension RuleID {
    /// `dictionary.pixel-format.not-allowed`, checked by this file's rule.
    package static let dictionaryPixelFormatNotAllowed = RuleID(rawValue: "dictionary.pixel-format.not-allowed")
}
