import AuxData
import Container

/// The MP entry array is NumberOfImages × 16 bytes; a mismatch hides images or reads past the array.
struct MPFImageCountMismatch: Rule {
    let info = RuleInfo(
        .structureMPFImageCountMismatch, .error, Citation(.mpf, "§5.2.3.2 NumberOfImages, §5.2.3.3 MP Entry"),
        summary: "NumberOfImages equals the number of MP entries.",
        fix: "Make NumberOfImages (B001) match the MPEntry (B002) count of 16-byte entries.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [RuleFinding] = []
        for index in MPFStructure.indexes(file) {
            guard let b002 = index.indexIFD.entry(MPF.Index.entryTag), let n = index.numberOfImages else { continue }
            // CIPA DC-007 §5.2.3.1.3: the MPEntry count is 16 × NumberOfImages bytes.
            // safe: a UInt32 times 16 fits in UInt64.
            let needed = UInt64(n) * 16
            if UInt64(b002.count) != needed {
                out.append(info.finding(b002.offset, index.path,
                                        "MPEntry has \(b002.count) bytes, NumberOfImages \(n) needs \(needed)"))
            }
        }
        return MPFStructure.outcome(out, file)
    }
}

extension RuleID {
    /// `structure.mpf.image-count-mismatch`, checked by this file's rule.
    package static let structureMPFImageCountMismatch = RuleID(rawValue: "structure.mpf.image-count-mismatch")
}
