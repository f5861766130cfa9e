import AuxData

/// Dynamic Depth 1.0 §Camera, §Image, §DepthMap: a camera's `Image:ItemURI`, `DepthURI` and
/// `ConfidenceURI` name `Container:Item` entries by their `Item:DataURI` (§Container, §Item);
/// a URI that names none points at nothing a reader can load.
struct DynamicDepthURIUnresolved: Rule {
    let info = RuleInfo(
        .googleDynamicDepthURIUnresolved, .error,
        Citation(.dynamicDepth, "§Camera Image:ItemURI, §DepthMap DepthURI and ConfidenceURI name Container:Item DataURI values"),
        summary: "Every Dynamic Depth item URI a camera gives names an item of the Container directory.",
        fix: "Give each item its Item:DataURI and refer to it by that URI.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let dd = photo.dynamicDepth, !dd.cameras.isEmpty else { return .notApplicable }
        let known = Set(dd.items.compactMap(\.dataURI))
        var out: [RuleFinding] = []
        for (c, camera) in dd.cameras.enumerated() {
            let uris = [("Image:ItemURI", camera.imageItemURI), ("DepthMap:DepthURI", camera.depthMap?.depthURI),
                        ("DepthMap:ConfidenceURI", camera.depthMap?.confidenceURI)]
            for case let (name, uri?) in uris where !uri.isEmpty && !known.contains(uri) {
                out.append(info.finding(nil, "APP1/XMP/Device:Cameras[\(c + 1)]",
                                        "camera \(c) \(name) '\(uri)' names no Container:Item (DataURI \(known.isEmpty ? "none" : known.sorted().joined(separator: ", ")))"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.dynamic-depth.uri-unresolved`, checked by this file's rule.
    package static let googleDynamicDepthURIUnresolved = RuleID(rawValue: "google.dynamic-depth.uri-unresolved")
}
