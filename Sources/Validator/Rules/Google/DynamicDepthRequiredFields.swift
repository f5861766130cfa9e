import AuxData

/// Dynamic Depth 1.0 §Elements: an `Item` has `Mime` and `Length`; a `Profile` its `Type`; a
/// `Camera` its `Image`; a `DepthMap` its `ItemSemantic`, `Format`, `Near`, `Far`, `Units`
/// and `DepthURI`, with Format RangeInverse or RangeLinear, Units Meters, Diopters or None,
/// MeasureType (when given) OpticalAxis or OpticRay and ItemSemantic Depth or Segmentation.
/// The reference parser (AOSP `external/dynamic_depth`) rejects an element without them.
struct DynamicDepthRequiredFields: Rule {
    let info = RuleInfo(
        .googleDynamicDepthRequiredMissing, .error,
        Citation(.dynamicDepth, "§Elements: Item, Profile, Camera and DepthMap required properties and their values"),
        summary: "Dynamic Depth items, profiles, cameras and depth maps have their required properties, with values the specification defines.",
        fix: "Write every required property: Item Mime and Length; Profile Type; Camera Image; DepthMap ItemSemantic, Format, Near, Far, Units and DepthURI.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let dd = photo.dynamicDepth else { return .notApplicable }
        var out: [RuleFinding] = []
        func missing(_ path: String, _ what: String, _ names: [String]) {
            if !names.isEmpty { out.append(info.finding(nil, path, "\(what) lacks \(names.joined(separator: ", "))")) }
        }
        for (i, item) in dd.items.enumerated() {
            missing("APP1/XMP/Container:Directory[\(i + 1)]", "item \(i + 1)",
                    [item.mime == nil ? "Item:Mime" : nil, item.length == nil ? "Item:Length" : nil].compactMap { $0 })
        }
        for (p, profile) in dd.profiles.enumerated() where profile.type == nil {
            missing("APP1/XMP/Device:Profiles[\(p + 1)]", "profile \(p)", ["Profile:Type"])
        }
        for (c, camera) in dd.cameras.enumerated() {
            let path = "APP1/XMP/Device:Cameras[\(c + 1)]"
            if camera.imageItemURI == nil && camera.imageItemSemantic == nil { missing(path, "camera \(c)", ["Camera:Image"]) }
            guard let m = camera.depthMap else { continue }
            let required: [(String, Bool)] = [("ItemSemantic", m.itemSemantic != nil), ("Format", m.format != nil),
                                              ("Near", m.near != nil), ("Far", m.far != nil), ("Units", m.units != nil),
                                              ("DepthURI", !(m.depthURI ?? "").isEmpty)]
            missing(path + "/Camera:DepthMap", "camera \(c)'s DepthMap", required.filter { !$0.1 }.map { "DepthMap:" + $0.0 })
            let values: [(String, String?, [String])] = [
                ("Format", m.format?.rawValue, ["RangeInverse", "RangeLinear"]),
                ("Units", m.units, ["Meters", "Diopters", "None"]),
                ("MeasureType", m.measureType, ["OpticalAxis", "OpticRay"]),
                ("ItemSemantic", m.itemSemantic, ["Depth", "Segmentation"]),
            ]
            for case let (name, value?, allowed) in values where !allowed.contains(value) {
                out.append(info.finding(nil, path + "/Camera:DepthMap",
                                        "DepthMap:\(name) '\(value)' is not one of \(allowed.joined(separator: ", "))"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.dynamic-depth.required-missing`, checked by this file's rule.
    package static let googleDynamicDepthRequiredMissing = RuleID(rawValue: "google.dynamic-depth.required-missing")
}
