import AuxData
import Container

/// ISO/IEC 14496-15 §8.3.3.1: an HEVCDecoderConfigurationRecord's chromaFormat,
/// bitDepthLumaMinus8 and bitDepthChromaMinus8 hold the values of the SPS it carries. A record
/// that says otherwise describes another picture than the one coded: libheif refuses such an
/// item, and a reader that sizes its buffers from the record (a 4:2:0 8-bit record over a
/// 10-bit picture) reads the samples wrongly.
struct HEIFConfigurationMismatch: Rule {
    let info = RuleInfo(
        .structureHEIFHvccSpsMismatch, .error,
        Citation(.hevcFileFormat, "§8.3.3.1 chromaFormat, bitDepthLumaMinus8, bitDepthChromaMinus8 (the values of the SPS)"),
        summary: "An hvcC's chroma format and bit depths are those of the SPS it carries.",
        fix: "Write hvcC's chromaFormat and bit depths from the SPS.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let items = file.items
        var findings: [RuleFinding] = []
        var applies = false
        for i in items.indices {
            guard let c = items[i].hvcC, let sps = c.sps else { continue }
            applies = true
            var differences: [String] = []
            if UInt32(c.chromaFormatIDC) != sps.chromaFormatIDC {
                differences.append("chroma format \(c.chromaFormatIDC) (the SPS: \(sps.chromaFormatIDC))")
            }
            if c.bitDepthLuma != sps.bitDepthLuma { differences.append("luma bit depth \(c.bitDepthLuma) (the SPS: \(sps.bitDepthLuma))") }
            if c.bitDepthChroma != sps.bitDepthChroma, sps.chromaFormatIDC != 0 {
                differences.append("chroma bit depth \(c.bitDepthChroma) (the SPS: \(sps.bitDepthChroma))")
            }
            guard !differences.isEmpty else { continue }
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         "item \(items[i].id): hvcC says " + differences.joined(separator: ", ")))
        }
        return applies ? .from(findings) : .notApplicable
    }
}

extension RuleID {
    /// `structure.heif.hvcc-sps-mismatch`, checked by this file's rule.
    package static let structureHEIFHvccSpsMismatch = RuleID(rawValue: "structure.heif.hvcc-sps-mismatch")
}
