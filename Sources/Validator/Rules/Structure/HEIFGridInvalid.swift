import AuxData
import Container

/// A grid with the wrong number or sizes of tiles cannot be assembled; Apple stores primaries
/// and gain maps as grids. ISO/IEC 23008-12 §6.6.2.3: a grid has rows × columns `dimg` inputs,
/// all of the same width and height. An
/// unreadable descriptor is a reader problem of this rule (see `ReaderProblems`).
struct HEIFGridInvalid: Rule {
    /// A grid item whose data the reader could not take.
    let readerCodes: [ParseError.Code] = [.gridInvalid]
    let info = RuleInfo(
        "structure.heif.grid-invalid", .error, Citation(.heif, "§6.6.2.3 grid (rows × columns tiles via dimg)"),
        summary: "A grid item's descriptor is readable and it has rows × columns dimg tiles of one size.",
        fix: "Rewrite the grid descriptor or the dimg references so they agree.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        var findings: [RuleFinding] = []
        for it in file.items {
            guard let g = file.grids[it.id] else { continue }
            let path = "meta/iloc/item[\(it.id)]:grid"
            let tiles = file.tiles(of: it.id)
            if let expected = g.rows *? g.columns, expected != tiles.count {
                findings.append(info.finding(it.infeOffset, path, "grid \(g.rows)×\(g.columns) but \(tiles.count) dimg inputs"))
            }
            // §6.6.2.3: every input image has the same width and height; tiles of other sizes
            // cannot be placed on the grid's regular lattice.
            let sizes = tiles.compactMap { file.ispe(of: $0) }
            if let first = sizes.first, let other = sizes.first(where: { $0.width != first.width || $0.height != first.height }) {
                findings.append(info.finding(it.infeOffset, path,
                                             "tiles are \(first.width)×\(first.height) and \(other.width)×\(other.height); a grid's tiles share one size"))
            }
        }
        return .from(findings)
    }
}
