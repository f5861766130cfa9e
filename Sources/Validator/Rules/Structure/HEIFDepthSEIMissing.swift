import AuxData
import Container

/// An HEVC depth item's values mean nothing without the depth representation SEI in its auxC
/// subtype: it gives the kind of map (depth or disparity) and the d_min/d_max or z_near/z_far
/// that turn samples into distances. Apple, ImageIO and libheif all write it, and libheif reads
/// the depth parameters only from it. ISO/IEC 23008-12 §6.5.8 aux_subtype; ITU-T H.265
/// F.14.2.9 depth_representation_info.
struct HEIFDepthSEIMissing: Rule {
    let info = RuleInfo(
        .structureHEIFDepthSEIMissing, .warning,
        Citation(.heif, "§6.5.8 auxC aux_subtype; ITU-T H.265 F.14.2.9 depth_representation_info"),
        summary: "An HEVC depth or disparity item (auxC urn:mpeg:hevc:2015:auxid:2) carries a depth representation SEI in its auxC subtype.",
        fix: "Write the auxC subtype as a length-prefixed prefix-SEI NAL unit with payload type 177 giving the map's range.")

    static let hevcDepthURN = "urn:mpeg:hevc:2015:auxid:2"

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let depth = file.auxiliaryImages.filter { $0.auxType == Self.hevcDepthURN }
        guard !depth.isEmpty else { return .notApplicable }
        return .from(depth.compactMap { a in
            guard a.subtypeRange?.isEmpty ?? true else { return nil }
            let place = file.properties(of: a.itemID).first { $0.type == BMFF.BoxType.auxC }.map(AssociatedPropertyPlace.init)
            return info.finding(place?.offset ?? file.item(a.itemID)?.infeOffset, place?.path ?? "meta/iinf/item[\(a.itemID)]",
                                "depth item \(a.itemID) has an empty auxC subtype: no depth representation SEI")
        })
    }
}

extension RuleID {
    /// `structure.heif.depth-sei-missing`, checked by this file's rule.
    package static let structureHEIFDepthSEIMissing = RuleID(rawValue: "structure.heif.depth-sei-missing")
}
