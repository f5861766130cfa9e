import AuxData
import Container

/// MIAF §7.3.11.4.1: a grid's tile size is restricted by its tiles' chroma format: each tile,
/// and the output the grid crops them to, holds whole samples of every plane. For 4:2:0 tiles
/// the widths and heights are even, for 4:2:2 the widths; a grid cut at an odd sample splits a
/// chroma sample between two tiles or at its edge. The chroma format is the first tile's
/// (`hvcC` chroma_format_idc, or `av1C`'s subsampling); that the tiles share one is
/// `structure.heif.grid-invalid`'s. Judged for files that declare `miaf`.
struct MIAFGridChromaAlignment: Rule {
    let info = RuleInfo(
        .structureHEIFGridChromaAlignment, .error,
        Citation(.miaf, "§7.3.11.4.1 grid tiles and output of whole samples in every plane (even sizes for 4:2:0, even widths for 4:2:2)"),
        summary: "In a MIAF file, a grid of 4:2:0 tiles has tiles and an output of even width and height, and one of 4:2:2 tiles of even width.",
        fix: "Cut the image into tiles of even size (for 4:2:0 in both directions) and give the grid an even output size.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType), !file.grids.isEmpty else { return .notApplicable }
        var applies = false
        var findings: [RuleFinding] = []
        for (id, grid) in file.grids.sorted(by: { $0.key < $1.key }) {
            guard let first = file.graph.tiles(of: id).first, let tile = file.graph.item(first),
                  let (evenWidth, evenHeight, name) = Self.subsampling(tile), evenWidth || evenHeight else { continue }
            applies = true
            var odd: [String] = []
            if let s = tile.ispe, (evenWidth && s.width % 2 != 0) || (evenHeight && s.height % 2 != 0) {
                odd.append("its tiles are \(s.width)×\(s.height)")
            }
            if (evenWidth && grid.outputWidth % 2 != 0) || (evenHeight && grid.outputHeight % 2 != 0) {
                odd.append("its output is \(grid.outputWidth)×\(grid.outputHeight)")
            }
            guard !odd.isEmpty else { continue }
            findings.append(info.finding(file.graph.item(id)?.infeOffset ?? 0, "meta/iloc/item[\(id)]:grid",
                                         "grid item \(id) of \(name) tiles: " + odd.joined(separator: " and ") + "; \(name) needs even \(evenHeight ? "widths and heights" : "widths")"))
        }
        return applies ? .from(findings) : .notApplicable
    }

    /// Whether a tile's widths and heights must be even, and its chroma format's name.
    static func subsampling(_ tile: HEIF.Item) -> (Bool, Bool, String)? {
        if let h = tile.hvcC {
            switch h.chromaFormatIDC {
            case 1: return (true, true, "4:2:0")
            case 2: return (true, false, "4:2:2")
            default: return (false, false, "")
            }
        }
        if let a = tile.av1C, !a.monochrome {
            if a.chromaSubsamplingX { return (true, a.chromaSubsamplingY, a.chromaSubsamplingY ? "4:2:0" : "4:2:2") }
            return (false, false, "")
        }
        return nil
    }
}

extension RuleID {
    /// `structure.heif.grid-chroma-alignment`, checked by this file's rule.
    package static let structureHEIFGridChromaAlignment = RuleID(rawValue: "structure.heif.grid-chroma-alignment")
}
