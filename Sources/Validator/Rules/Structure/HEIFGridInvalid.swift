import AuxData
import Container

/// A grid with the wrong number or sizes of tiles cannot be assembled; Apple stores primaries
/// and gain maps as grids. ISO/IEC 23008-12 §6.6.2.3: a grid has rows × columns `dimg` inputs,
/// all of the same width and height, which together cover the output size its descriptor
/// gives (the reconstructed image is the tiles trimmed to output_width × output_height), and
/// §6.5.3.1: its `ispe` is the size of that reconstructed image. libheif refuses a grid whose
/// tiles do not cover it, and depthcheck's geometry rules read the grid's size from its `ispe`.
/// The tiles are one picture cut up: MIAF 7.3.11.4.1 has them share their decoder
/// configuration's chroma format and bit depths, which libheif needs to assemble them.
/// An unreadable descriptor is a reader problem of this rule (see `ReaderProblems`).
struct HEIFGridInvalid: Rule {
    /// A grid item whose data the reader could not take.
    let readerCodes: [ParseError.Code] = [.gridInvalid]
    let info = RuleInfo(
        .structureHEIFGridInvalid, .error, Citation(.heif, "§6.6.2.3 grid (rows × columns tiles via dimg)"),
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
            let configurations = tiles.compactMap { file.hvcC(of: $0) }
            if let first = configurations.first, let i = configurations.firstIndex(where: {
                $0.chromaFormatIDC != first.chromaFormatIDC || $0.bitDepthLuma != first.bitDepthLuma || $0.bitDepthChroma != first.bitDepthChroma
            }) {
                let other = configurations[i]
                findings.append(info.finding(it.infeOffset, path,
                                             "tiles are coded with chroma format \(first.chromaFormatIDC) at \(first.bitDepthLuma)/\(first.bitDepthChroma) bits and \(other.chromaFormatIDC) at \(other.bitDepthLuma)/\(other.bitDepthChroma); a grid's tiles share one"))
            }
            if let s = file.ispe(of: it.id), s.width != g.outputWidth || s.height != g.outputHeight {
                findings.append(info.finding(it.infeOffset, path,
                                             "ispe \(s.width)×\(s.height) but the grid's descriptor gives an output of \(g.outputWidth)×\(g.outputHeight)"))
            }
            // Tile sizes are u32 and counts at most 256: the products fit an Int.
            if let t = sizes.first, sizes.count == tiles.count, let coverW = Int(t.width) *? g.columns,
               let coverH = Int(t.height) *? g.rows, coverW < Int(g.outputWidth) || coverH < Int(g.outputHeight) {
                findings.append(info.finding(it.infeOffset, path,
                                             "\(g.rows)×\(g.columns) tiles of \(t.width)×\(t.height) cover \(coverW)×\(coverH), less than the output \(g.outputWidth)×\(g.outputHeight)"))
            }
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.grid-invalid`, checked by this file's rule.
    package static let structureHEIFGridInvalid = RuleID(rawValue: "structure.heif.grid-invalid")
}
