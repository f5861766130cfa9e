import AuxData
import Container

/// AVIF v1.1.0 §2.2.1: the fields of an item's `av1C` shall match those of the Sequence Header
/// OBU in its data, and a Sequence Header OBU in `av1C`'s configOBUs shall match that one. A
/// reader sets its decoder up from `av1C` before it reads the data (libavif, libheif read the
/// bit depth and chroma layout from it), so a record that says otherwise gives a picture read
/// with the wrong sample format; a second `av1C` on one item (§2.2.1: one per item) leaves it
/// to the reader which one counts. The mirror of `structure.heif.hvcc-sps-mismatch` for AV1.
struct AVIFConfigurationMismatch: Rule {
    let info = RuleInfo(
        .structureAVIFAv1cMismatch, .error,
        Citation(.avif, "§2.2.1 AV1ItemConfigurationProperty (one per item; its fields and a Sequence Header OBU in it match the item data's)"),
        summary: "An av01 item has one av1C, with the profile, level, tier, bit depth and chroma layout of the Sequence Header OBU in its data.",
        fix: "Write av1C from the item's sequence header (or leave the sequence header out of configOBUs).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let items = file.items
        var findings: [RuleFinding] = []
        var applies = false
        // §2.2.1: one AV1ItemConfigurationProperty per item (Quantity: one).
        for i in items.indices {
            let count = items[i].properties.indices.filter { items[i].properties[$0].type == BMFF.BoxType.av1C }.count
            guard count > 1 else { continue }
            applies = true
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         "item \(items[i].id) is associated with \(count) av1C properties; it has one"))
        }
        for i in items.indices {
            guard let c = items[i].av1C, let data = file.av1Items[items[i].id], let sh = data.sequenceHeader else { continue }
            applies = true
            let id = items[i].id
            let fields: [(String, Int, Int)] = [
                ("seq_profile", Int(c.seqProfile), Int(sh.seqProfile)),
                ("seq_level_idx_0", Int(c.seqLevelIdx0), Int(sh.seqLevelIdx0)),
                ("seq_tier_0", Int(c.seqTier0), Int(sh.seqTier0)),
                ("bit depth", c.bitDepth, sh.bitDepth),
                ("monochrome", c.monochrome ? 1 : 0, sh.monochrome ? 1 : 0),
                ("chroma_subsampling_x", c.chromaSubsamplingX ? 1 : 0, sh.subsamplingX ? 1 : 0),
                ("chroma_subsampling_y", c.chromaSubsamplingY ? 1 : 0, sh.subsamplingY ? 1 : 0),
                ("chroma_sample_position", Int(c.chromaSamplePosition), Int(sh.chromaSamplePosition)),
            ]
            let differences = fields.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1) (the sequence header: \($0.2))" }
            if !differences.isEmpty {
                findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(id)]",
                                             "item \(id): av1C says " + differences.joined(separator: ", ")))
            }
            if let configured = c.sequenceHeaderPayload, configured != data.sequenceHeaderPayload {
                findings.append(info.finding(c.configOBUsRange.lowerBound, "meta/iinf/item[\(id)]",
                                             "item \(id): the Sequence Header OBU in av1C's configOBUs (\(configured.count) bytes) differs from the one in the item's data (\(data.sequenceHeaderPayload.count) bytes)"))
            }
        }
        return applies ? .from(findings) : .notApplicable
    }
}

extension RuleID {
    /// `structure.avif.av1c-mismatch`, checked by this file's rule.
    package static let structureAVIFAv1cMismatch = RuleID(rawValue: "structure.avif.av1c-mismatch")
}
