import AuxData
import Container

/// ISO/IEC 14496-12 §8.11.6 defines the ItemInfoBox in versions 0 (16-bit entry_count) and 1
/// (32-bit); a version 2 box is outside the standard. Files written that way (with version 1's
/// syntax) are in circulation and read as version 1 by HEIF readers, so the items are read that
/// way and the version is one finding, a warning: the standard states no "shall" on the value.
struct HEIFItemInfoVersion: Rule {
    let info = RuleInfo(
        .structureHEIFIinfVersionUnknown, .warning,
        Citation(.isobmff, "§8.11.6 ItemInfoBox (versions 0 and 1)"),
        summary: "The iinf box has version 0 or 1, the versions ISO/IEC 14496-12 defines.",
        fix: "Write iinf as version 1 (a 32-bit entry_count), the syntax its entries already have; a depthcheck rewrite (strip, embed) does.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, let iinf = file.meta.itemInfo else { return .notApplicable }
        let v = iinf.fullBox.version
        guard v > 1 else { return .passed }
        return .from([info.finding(iinf.offset, "meta/iinf", "iinf version \(v); read as version 1 (a 32-bit entry_count), as HEIF readers read it")])
    }
}

extension RuleID {
    /// `structure.heif.iinf-version-unknown`, checked by this file's rule.
    package static let structureHEIFIinfVersionUnknown = RuleID(rawValue: "structure.heif.iinf-version-unknown")
}
