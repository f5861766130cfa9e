import AuxData
import Container

extension ReaderProblemRule {
    /// Readers take z_near/z_far/d_min/d_max from this SEI to turn stored values into distances.
    static let depthSEIInvalid = ReaderProblemRule(
        RuleInfo(.structureHEIFDepthSEIInvalid, .error, Citation(.hevc, "Annex F.14.2.9 depth_representation_info; ISO/IEC 23008-12 §6.5.8 aux_subtype"),
                 summary: "A depth item's auxC subtype holds a decodable depth representation SEI.",
                 fix: "Write the auxC subtype as a length-prefixed prefix-SEI NAL unit with payload type 177."),
        codes: [.seiMalformed, .seiExpGolombTooLong, .seiNALTooShort, .seiNoDepthRepresentation, .seiValueOutOfRange],
        container: .heif, applies: { $0.auxImages.contains { $0.kind.isDepthLike } })
}

extension RuleID {
    /// `structure.heif.depth-sei-invalid`, checked by this file's rule.
    package static let structureHEIFDepthSEIInvalid = RuleID(rawValue: "structure.heif.depth-sei-invalid")
}
