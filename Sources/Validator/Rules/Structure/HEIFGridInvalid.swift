import AuxData
import Container

/// A grid with the wrong number of tiles cannot be assembled; Apple stores primaries and gain
/// maps as grids. ISO/IEC 23008-12 §6.6.2.3: a grid has rows × columns `dimg` inputs. An
/// unreadable descriptor is a reader problem of this rule (see `ReaderProblems`).
struct HEIFGridInvalid: Rule {
    let info = RuleInfo(
        "structure.heif.grid-invalid", .error, Citation(.heif, "§6.6.2.3 grid (rows × columns tiles via dimg)"),
        summary: "A grid item's descriptor is readable and it has rows × columns dimg tiles.",
        fix: "Rewrite the grid descriptor or the dimg references so they agree.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        return .from(file.items.compactMap { it in
            guard let g = file.grids[it.id] else { return nil }
            let n = file.tiles(of: it.id).count
            guard let expected = g.rows *? g.columns, expected != n else { return nil }
            return info.finding(it.infeOffset, "meta/iloc/item[\(it.id)]:grid", "grid \(g.rows)×\(g.columns) but \(n) dimg inputs")
        })
    }
}
