import AuxData
import Container

/// MIAF §7.3.11.1: derivations, when there are any, come in one order: coded images, an
/// optional identity derivation, an optional grid, an optional identity, an optional overlay,
/// an optional identity; an identity is never derived from another identity. So a grid takes
/// coded images (or identities of them), an overlay takes those or grids (or identities of
/// grids), and an identity takes anything but an identity. Only `iden`, `grid` and `iovl` are
/// judged: the tone-mapped and other derivations later amendments define are outside this
/// chain. A derivation that leads back to itself is `structure.heif.derivation-input-invalid`'s.
/// Judged for files that declare `miaf`.
struct MIAFDerivationOrder: Rule {
    let info = RuleInfo(
        .structureHEIFMIAFDerivationOrder, .error,
        Citation(.miaf, "§7.3.11.1 order of derivations: coded, iden, grid, iden, iovl, iden"),
        summary: "In a MIAF file, identity, grid and overlay derivations are chained in MIAF's order, and no identity derives from an identity.",
        fix: "Derive in MIAF's order: coded images, then an optional identity, grid, identity, overlay and identity, one identity at a time.")

    /// The stage of the derivation chain an item ends: 0 coded, 1 identity of coded, 2 grid,
    /// 3 identity of a grid, 4 overlay, 5 identity of an overlay; nil for an item outside the
    /// chain (another derivation, a cycle, a chain out of order).
    static func stage(_ id: UInt32, _ file: HEIF.File, depth: Int = 0) -> Int? {
        guard depth < 8, let item = file.item(id) else { return nil }
        switch item.type {
        case BMFF.BoxType.grid: return 2
        case BMFF.BoxType.iovl: return 4
        case BMFF.BoxType.iden:
            guard let input = file.tiles(of: id).first, let s = stage(input, file, depth: depth + 1), s % 2 == 0 else { return nil }
            return s + 1
        case BMFF.BoxType.tmap: return nil
        default: return ImageItemTypes.isImage(item.type) ? 0 : nil
        }
    }

    /// Whether `from`'s dimg inputs lead, within a few steps, to `to` (a cycle).
    static func leads(from: UInt32, to: UInt32, _ file: HEIF.File, depth: Int = 0) -> Bool {
        if from == to { return true }
        guard depth < 8 else { return false }
        return file.tiles(of: from).contains { leads(from: $0, to: to, file, depth: depth + 1) }
    }

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType) else { return .notApplicable }
        let items = file.items
        var applies = false
        var findings: [RuleFinding] = []
        for i in items.indices {
            let item = items[i]
            // The stages each kind of derivation may take its inputs from.
            let allowed: ClosedRange<Int>
            switch item.type {
            case BMFF.BoxType.grid: allowed = 0...1
            case BMFF.BoxType.iovl: allowed = 0...3
            case BMFF.BoxType.iden: allowed = 0...4
            default: continue
            }
            applies = true
            for input in file.tiles(of: item.id) where !Self.leads(from: input, to: item.id, file) {
                guard let kind = file.item(input)?.type, kind == BMFF.BoxType.iden || kind == BMFF.BoxType.grid || kind == BMFF.BoxType.iovl
                        || ImageItemTypes.isImage(kind), kind != BMFF.BoxType.tmap else { continue }
                let s = Self.stage(input, file)
                let ok = s.map { allowed.contains($0) && !(item.type == BMFF.BoxType.iden && $0 % 2 == 1) } ?? (kind != BMFF.BoxType.iden)
                if !ok {
                    findings.append(info.finding(item.infeOffset, "meta/iinf/item[\(item.id)]",
                                                 "'\(item.type)' item \(item.id) is derived from '\(kind)' item \(input), out of MIAF's order coded → iden → grid → iden → iovl → iden"))
                }
            }
        }
        return applies ? .from(findings) : .notApplicable
    }
}

extension RuleID {
    /// `structure.heif.miaf-derivation-order`, checked by this file's rule.
    package static let structureHEIFMIAFDerivationOrder = RuleID(rawValue: "structure.heif.miaf-derivation-order")
}
