import AuxData

/// ITU-T H.265 defines each depth_representation_type through named variables: uniform
/// inverse Z (0) and uniform Z (2) through ZNear and ZFar, uniform disparity (1) and
/// non-uniform disparity (3, through DepthLUT) through DMin and DMax. An SEI that declares a
/// type without the elements it is defined by (their flags clear, or an exponent of 127, which
/// leaves the value unspecified) gives a reader of the SEI, such as libheif, no range:
/// `heif-info` prints "z-near: undefined".
struct SEIElementsMissing: Rule {
    let info = RuleInfo(
        .dictionarySEIElementsMissing, .warning,
        Citation(.hevc, "Annex F depth representation information SEI semantics: depth_representation_type and the ZNear, ZFar, DMin, DMax variables"),
        summary: "A depth representation SEI carries the elements its type is defined by: z_near and z_far for types 0 and 2, d_min and d_max for types 1 and 3.",
        fix: "Set z_near_flag and z_far_flag (types 0, 2) or d_min_flag and d_max_flag (types 1, 3) and write the map's range in them.")

    /// The elements a type is defined by, by name; nil for the reserved types.
    static func needed(_ type: Int) -> [(name: String, value: KeyPath<DepthRepresentation, Double?>)]? {
        switch type {
        case 0, 2: return [("z_near", \.zNear), ("z_far", \.zFar)]
        case 1, 3: return [("d_min", \.dMin), ("d_max", \.dMax)]
        default: return nil
        }
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { $0.representation != nil }
        guard !maps.isEmpty else { return .notApplicable }
        return .from(maps.compactMap { a in
            guard let r = a.representation, let needed = Self.needed(r.representationType) else { return nil }
            let missing = needed.filter { r[keyPath: $0.value] == nil }.map(\.name)
            guard !missing.isEmpty else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "image \(a.index): depth_representation_type \(r.representationType) is defined by \(needed.map(\.name).joined(separator: " and ")), but \(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") absent or unspecified")
        })
    }
}

extension RuleID {
    /// `dictionary.sei.elements-missing`, checked by this file's rule.
    package static let dictionarySEIElementsMissing = RuleID(rawValue: "dictionary.sei.elements-missing")
}
