import AuxData
import Container

/// The first individual image is the one every JPEG reader shows; its MP type says what it is.
/// A baseline MP file starts with the baseline MP primary image, and a multi-frame file (a
/// stereo pair, a panorama) with one of its frames; any other type makes the primary look
/// like a thumbnail, a preserved original or a gain map to MPF readers.
struct MPFFirstEntryType: Rule {
    let info = RuleInfo(
        .structureMPFFirstEntryType, .error, Citation(.mpf, "§5.2.3.3.1 individual image attribute (MP type code)"),
        summary: "The first MP entry's type is the baseline MP primary image (0x030000), or a multi-frame type in a multi-frame file.",
        fix: "Write the first entry's attribute with MP type 0x030000 (baseline MP primary image).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg else { return .notApplicable }
        var out: [RuleFinding] = []
        // §5.2.3.3.1: bits 23-0 of the attribute hold the MP type code.
        if let first = file.images.first?.entry, !Self.mayComeFirst(first.type) {
            out.append(info.finding(first.offset, first.path,
                                    "first image's MP type is \(Self.hex(first.type.code)), expected 0x030000 (baseline MP primary image)"))
        }
        return MPFStructure.outcome(out, file)
    }

    /// Baseline MP primary, or a frame of a multi-frame image (stereo cameras mark their first
    /// frame 0x020002, multi-frame disparity).
    static func mayComeFirst(_ type: MPF.ImageType) -> Bool {
        switch type {
        case .baselinePrimary, .multiFramePanorama, .multiFrameDisparity, .multiAngle: return true
        default: return false
        }
    }

    /// A type code as six hex digits, the way the MP type table writes them (`0x030000`).
    static func hex(_ code: UInt32) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}

extension RuleID {
    /// `structure.mpf.first-entry-type`, checked by this file's rule.
    package static let structureMPFFirstEntryType = RuleID(rawValue: "structure.mpf.first-entry-type")
}
