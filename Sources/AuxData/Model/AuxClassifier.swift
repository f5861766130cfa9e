import Container

/// Decides what an auxiliary image is from everything a file says about it: the HEIF `auxC`
/// URN, Apple's `apdi` XMP, a GDepth description and the depth representation SEI.
///
/// Rules (Apple's apdi XMP and HEIF auxC URNs as iPhone cameras write them; ImageIO's auxiliary data types):
/// - mattes and gain maps are recognised by their own names first, because Apple's JPEG XMP
///   calls the portrait matte `AuxiliaryImageType = depth` and only the SubType tells;
/// - `urn:mpeg:hevc:2015:auxid:2` and the MIAF depth URN only say "depth or disparity";
///   Apple uses them for disparity too, so the pixel format decides, then the apdi type
///   text, then the SEI depth_representation_type (1, 3 disparity; 0, 2 depth);
/// - unknown URNs are `.unknown`, never an error: Apple keeps adding them.
package enum AuxClassifier {
    package static let portraitEffectsMatteURN = "urn:com:apple:photo:2018:aux:portraiteffectsmatte"
    package static let hdrGainMapURN = "urn:com:apple:photo:2020:aux:hdrgainmap"
    // Lists, not sets and dictionaries: a handful of names each (`ListSet` says why).
    package static let alphaURNs: [String] = [
        "urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:avc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha",
    ]
    package static let depthURNs: [String] = [
        "urn:mpeg:hevc:2015:auxid:2", "urn:mpeg:mpegB:cicp:systems:auxiliary:depth",
    ]
    /// Semantic matte URNs (libheif#389 and third-party writers).
    package static let semanticURNs: KeyValuePairs<String, SemanticMatte> = [
        "urn:com:apple:photo:2019:aux:semanticskinmatte": .skin,
        "urn:com:apple:photo:2019:aux:semantichairmatte": .hair,
        "urn:com:apple:photo:2019:aux:semanticteethmatte": .teeth,
        "urn:com:apple:photo:2020:aux:semanticglassesmatte": .glasses,
        "urn:com:apple:photo:2020:aux:semanticskymatte": .sky,
    ]
    /// JPEG apdi SubType words for the semantic mattes (the URN's last component).
    static let semanticWords: KeyValuePairs<String, SemanticMatte> = [
        "semanticskinmatte": .skin, "semantichairmatte": .hair, "semanticteethmatte": .teeth,
        "semanticglassesmatte": .glasses, "semanticskymatte": .sky,
    ]

    /// The kind, and for semantic mattes which one.
    package static func classify(auxType: String?, apple: AppleAuxDescription? = nil,
                                gDepth: GDepthDescription? = nil,
                                sei: DepthRepresentationInfo? = nil) -> (kind: AuxImageKind, semantic: SemanticMatte?) {
        let urn = auxType.map(trimmed)
        let type = apple?.auxiliaryImageType.map(trimmed)
        let subType = apple?.auxiliaryImageSubType.map(trimmed)
        let names = [urn, type, subType].compactMap { $0 }

        if names.contains(where: { $0 == portraitEffectsMatteURN || $0.lowercased() == "portraiteffectsmatte" }) {
            return (.portraitEffectsMatte, nil)
        }
        for n in names {
            let word = n.lowercased()
            if let s = semanticURNs.first(where: { $0.key == n })?.value ?? semanticWords.first(where: { $0.key == word })?.value {
                return (.semanticMatte, s)
            }
        }
        // Apple's and Samsung's (urn:com:samsung:photo:2024:aux:hdrgainmap) gain maps.
        if names.contains(where: { TextSearch.contains($0.lowercased(), ":aux:hdrgainmap") }) {
            return (.hdrGainMap, nil)
        }
        if let urn, alphaURNs.contains(urn) { return (.alpha, nil) }

        let typeWord = type?.lowercased()
        let depthish = urn.map(depthURNs.contains) ?? false
            || typeWord == "depth" || typeWord == "disparity"
        if depthish {
            if let f = apple?.nativeFormat {
                if f.isDisparity { return (.disparity, nil) }
                if f.isDepth { return (.depth, nil) }
            }
            if typeWord == "disparity" { return (.disparity, nil) }
            if typeWord == "depth" { return (.depth, nil) }
            if let sei {
                switch sei.representationType {
                case .uniformDisparity, .nonuniformDisparity: return (.disparity, nil)
                case .uniformInverseZ, .uniformZ: return (.depth, nil)
                case .unknown: break
                }
            }
            return (.depth, nil)
        }
        if gDepth != nil { return (.depth, nil) }
        return (.unknown, nil)
    }

    private static func trimmed(_ s: String) -> String {
        String(XMPFieldReader.trimmed(s))
    }
}
