/// Whether a map's picture lines up with its photo's: the map's edges (depth and disparity
/// steps at object boundaries, a matte's silhouette, a gain map's luminance) against the
/// photo's, in the display frame, as the file places the map, under each of the other seven
/// turns and mirrors of the square, and moved a little.
///
/// The measure is the correlation of the two edge maps (gradient magnitude after a 1-2-1 blur)
/// on a grid of the photo's shape, at most `workingSide` pixels on its longer side, the map
/// stretched to it whatever its own shape: normalised cross-correlation of gradient-magnitude
/// images, as edge-based registration of images of different modalities uses it (J. P. Lewis,
/// "Fast Normalized Cross-Correlation", Vision Interface 1995; edges rather than values, since
/// depth and photo brightness are not related, only where they change). A symmetric scene
/// mirrored is the same picture, and scores the same either way: only a placement that fits
/// clearly better than the file's counts.
///
/// A map of another photo can score as much by chance as a sparse map of its own: edges of
/// both crowd the middle of a portrait. What tells them apart is the peak: a map of the photo
/// loses much of its score when moved by a few cells, since its edges lie on the photo's
/// edges; a map of another photo scores about the same wherever it is put, as the coarse layout
/// it shares with the photo does not depend on the exact place (the sharpness of a correlation
/// peak, as phase correlation judges a registration: C. D. Kuglin and D. C. Hines, "The Phase
/// Correlation Image Alignment Method", IEEE Conference on Cybernetics and Society 1975).
package struct ContentAlignment: Sendable, Equatable {
    package enum Verdict: Sendable, Equatable {
        /// The file's placement fits as well as any other.
        case aligned
        /// Turned by this orientation, the map fits the photo clearly better.
        case misaligned(MapOrientation)
        /// Moved by these percentages of its width and height (right and down positive), the
        /// map fits the photo clearly better.
        case shifted(x: Int, y: Int)
        /// Only its middle this percent, stretched to the photo, fits the photo clearly better:
        /// the photo was cropped after the map was made.
        case cropped(Int)
        /// No placement tried fits: the map's score falls little when it is moved a few cells,
        /// as placed and wherever it fits best, so its edges do not lie on the photo's. Only
        /// said when both have structure fine enough for a peak to show.
        case unrelated
        /// Too little structure to judge, and why.
        case notApplicable(String)
    }

    /// The score of each placement: index 0 is the file's (orientation 1), index i the map
    /// turned by orientation i + 1 after it. Nil where a grid is constant.
    package let scores: [Double?]
    /// The score of the map moved by each of `shifts` (percentages), as placed otherwise.
    package let shiftScores: [Double?]
    /// The score of the middle of the map, each of `crops` percent of it, as placed otherwise.
    package let cropScores: [Double?]
    /// The share of the map's working grid that has edges (over a tenth of its strongest).
    package let mapEdgeShare: Double
    package let photoEdgeShare: Double
    /// How much the score of the placement that fits best (the file's, for `aligned`) falls
    /// when the map is moved `peakStep` cells each way, on average: the sharpness of its peak.
    /// Nil when not judged.
    package let peak: Double?
    package let verdict: Verdict

    /// The working grid's longer side: the photo's and the map's structure at a few hundred
    /// pixels or less; finer detail adds cost, not certainty.
    package static let workingSide = 128
    /// How much better another placement must fit: on depthcheck's real originals the file's
    /// placement beats every other by 0.09 to 0.70, and no other placement comes within 0.12
    /// of a placement that fits (a sparse semantic matte: 0.25 against 0.16).
    package static let margin = 0.12
    /// The least score a placement that fits has: below it nothing fits.
    package static let fitting = 0.2
    /// The least peak of a placement that fits: on depthcheck's real originals a map's own
    /// placement loses 0.11 to 0.50 when moved 3 cells (the least, a sparse hair matte), 0.09
    /// for a soft Lens Blur depth map stored again; the maps of other photos put on them lose
    /// 0.05 or less as placed or turned.
    package static let minimumPeak = 0.07
    /// A move or crop, searched for among many, can sit on a chance bump: there the loss must
    /// also be this share of the score. Maps of the photo lose 41 % to 57 % of it where they
    /// fit; once in 73, another photo's map moved 15 % loses 0.09 of 0.33 (28 %).
    package static let minimumPeakShare = 0.35
    /// The least a map's or photo's edges lose against themselves moved `peakStep` cells for
    /// the peak to tell: real photos and maps lose 0.37 to 0.74; broad ramps and soft blobs
    /// (depthcheck's own test scenes) 0.03 to 0.14, and fit about as well anywhere.
    package static let minimumSelfLoss = 0.25
    /// How far a placement is moved to measure its peak, in cells of the working grid: about
    /// 2 % of its longer side, the width of an edge after the blur.
    package static let peakStep = 3
    /// Less of a grid with edges than this is too little structure: a nearly empty matte
    /// (Apple's teeth matte of a closed mouth has 0.2 %), a flat map, a featureless photo.
    package static let minimumEdgeShare = 0.02

    /// The moves tried, in percent of the map's width and height: 5, 10 and 15 % along each
    /// axis, and 15 % along both. A map left at a stale crop, or cut and padded, sits a few
    /// percent to a sixth of the picture off.
    package static let shifts: [(x: Int, y: Int)] = [5, 10, 15].flatMap { d in [(d, 0), (-d, 0), (0, d), (0, -d)] }
        + [(15, 15), (15, -15), (-15, 15), (-15, -15)]

    /// The crops tried, in percent of the map's width and height kept about its middle: a photo
    /// cropped after its map was made (a gain map left at a stale crop, an edit that crops the
    /// photo and not its maps) shows the middle of what the map shows.
    package static let crops = [80, 90]

    /// `photo`: the photo's luma in its display frame; `map`: the map in the display frame the
    /// file places it in (its first channel), at any size.
    package static func judge(photo: AlignmentGrid, map: AlignmentGrid) -> ContentAlignment {
        let longer = max(photo.width, photo.height)
        let (w, h) = longer > workingSide
            ? (max(8, photo.width * workingSide / longer), max(8, photo.height * workingSide / longer))
            : (photo.width, photo.height)
        let photoGrid = photo.resampled(width: w, height: h)
        let photoEdges = photoGrid.edges()
        let mapEdgeShare = map.resampled(width: w, height: h).edges().share(above: 0.1)
        let photoEdgeShare = photoEdges.share(above: 0.1)
        let scores: [Double?] = (1...8).map { exif in
            let turned = map.oriented(MapOrientation(exif: exif) ?? .identity)
            return turned.resampled(width: w, height: h).edges().correlation(with: photoEdges)
        }
        let placed = map.resampled(width: w, height: h)
        let moves = shifts.map { s in
            (dx: (s.x * w + (s.x < 0 ? -50 : 50)) / 100, dy: (s.y * h + (s.y < 0 ? -50 : 50)) / 100)
        }
        let shiftScores: [Double?] = moves.map { placed.shifted(dx: $0.dx, dy: $0.dy).edges().correlation(with: photoEdges) }
        // The mean score of `grid` moved by `move` and then `peakStep` cells each way, against `edges`.
        func near(_ grid: AlignmentGrid, _ move: (dx: Int, dy: Int), _ edges: AlignmentGrid) -> Double {
            let d = peakStep
            return [(d, 0), (-d, 0), (0, d), (0, -d)].reduce(0.0) { sum, n in
                sum + (grid.shifted(dx: move.dx + n.0, dy: move.dy + n.1).edges().correlation(with: edges) ?? 0)
            } / 4
        }
        let cropped = crops.map { map.resampled(width: w, height: h, keeping: $0) }
        let cropScores: [Double?] = cropped.map { $0.edges().correlation(with: photoEdges) }
        // The score of `grid` near `move`, and how much it loses a few cells off. A turn and a
        // crop are exact, the tried moves are coarse: from a move, the top of the peak is
        // climbed to first, a cell at a time (at most `peakStep` × 2 cells), since measured off
        // its top a peak looks flat.
        func peak(of grid: AlignmentGrid, move: (dx: Int, dy: Int), score: Double) -> (score: Double, loss: Double) {
            var at = move, top = score
            for _ in 0..<(move == (0, 0) ? 0 : peakStep * 2) {
                let steps = [(1, 0), (-1, 0), (0, 1), (0, -1)].map { n in
                    (move: (dx: at.dx + n.0, dy: at.dy + n.1),
                     score: grid.shifted(dx: at.dx + n.0, dy: at.dy + n.1).edges().correlation(with: photoEdges) ?? -1)
                }
                guard let up = steps.max(by: { $0.score < $1.score }), up.score > top else { break }
                (at, top) = (up.move, up.score)
            }
            return (top, top - near(grid, at, photoEdges))
        }
        func turned(_ exif: Int) -> AlignmentGrid {
            map.oriented(MapOrientation(exif: exif) ?? .identity).resampled(width: w, height: h)
        }
        func isPeak(_ p: (score: Double, loss: Double), searched: Bool) -> Bool {
            p.loss >= minimumPeak && (!searched || p.loss >= p.score * minimumPeakShare)
        }
        let verdict: Verdict
        var sharpness: Double?
        if photoEdgeShare < minimumEdgeShare {
            verdict = .notApplicable("the photo has too little structure to judge (edges in \(percent(photoEdgeShare)) of it)")
        } else if mapEdgeShare < minimumEdgeShare {
            verdict = .notApplicable("the map has too little structure to judge (edges in \(percent(mapEdgeShare)) of it)")
        } else if let declared = scores[0] {
            let others = scores.indices.dropFirst().compactMap { i in scores[i].map { (i + 1, $0) } }
            let moved = shiftScores.indices.compactMap { i in shiftScores[i].map { (i, $0) } }
            let smaller = cropScores.indices.compactMap { i in cropScores[i].map { (i, $0) } }
            let bestTurn = others.max { $0.1 < $1.1 }, bestMove = moved.max { $0.1 < $1.1 }, bestCrop = smaller.max { $0.1 < $1.1 }
            // The peak as placed, at the best turn, move and crop where they score more: a map
            // of the photo has a sharp peak at one of them.
            let asPlaced = peak(of: placed, move: (0, 0), score: declared)
            let turnPeak = bestTurn.flatMap { t in t.1 > declared ? peak(of: turned(t.0), move: (0, 0), score: t.1) : nil }
            let movePeak = bestMove.flatMap { m in m.1 > declared ? peak(of: placed, move: moves[m.0], score: m.1) : nil }
            let cropPeak = bestCrop.flatMap { c in c.1 > declared ? peak(of: cropped[c.0], move: (0, 0), score: c.1) : nil }
            let turnFits = bestTurn.map { t in t.1 > declared && t.1 >= (bestMove?.1 ?? -1) && t.1 >= (bestCrop?.1 ?? -1) } ?? false
            let moveFits = !turnFits && (bestMove.map { m in m.1 >= (bestCrop?.1 ?? -1) } ?? false)
            // Structure as coarse as a ramp scores about the same a few cells off even where it
            // belongs, so it is judged turned or moved, never unrelated: what an edge grid loses
            // against itself a few cells off is the sharpest peak it can have.
            let fine = 1 - near(placed, (0, 0), placed.edges()) >= minimumSelfLoss
                && 1 - near(photoGrid, (0, 0), photoEdges) >= minimumSelfLoss
            // The file's placement and the turns are what a map of the photo is stored as; a move
            // or crop is searched for, and may land on a chance bump (`minimumPeakShare`).
            let placements = [asPlaced, turnPeak].compactMap { $0 }, searched = [movePeak, cropPeak].compactMap { $0 }
            if fine, !placements.contains(where: { isPeak($0, searched: false) }), !searched.contains(where: { isPeak($0, searched: true) }) {
                verdict = .unrelated
                sharpness = (placements + searched).map(\.loss).max()
            } else if turnFits, let best = bestTurn, best.1 >= fitting, best.1 >= declared + margin,
                      let o = MapOrientation(exif: best.0) {
                // A turn or mirror first: a turned map also fits a little better moved.
                verdict = .misaligned(o)
                sharpness = turnPeak?.loss
            } else if moveFits, let best = bestMove, best.1 >= fitting, best.1 >= declared + margin {
                verdict = .shifted(x: shifts[best.0].x, y: shifts[best.0].y)
                sharpness = movePeak?.loss
            } else if fine, !turnFits, !moveFits, let best = bestCrop, best.1 >= fitting, best.1 >= declared + margin {
                // A crop changes the scale, which moves the edges of coarse structure as much as
                // a misplacement does: only fine structure is judged for it.
                verdict = .cropped(crops[best.0])
                sharpness = cropPeak?.loss
            } else {
                verdict = .aligned
                sharpness = asPlaced.loss
            }
        } else {
            verdict = .notApplicable("the map or the photo is constant")
        }
        return ContentAlignment(scores: scores, shiftScores: shiftScores, cropScores: cropScores, mapEdgeShare: mapEdgeShare,
                                photoEdgeShare: photoEdgeShare, peak: sharpness, verdict: verdict)
    }

    /// The kinds whose picture follows the photo's: depth, disparity and confidence maps,
    /// portrait and semantic mattes, gain maps.
    package static func judgesKind(_ kind: AuxImageKind) -> Bool {
        kind.isDepthLike || kind.isMatte || kind == .confidence || kind == .hdrGainMap
    }

    /// How a placement differs from the file's, as the finding says it.
    package static func describe(_ o: MapOrientation) -> String {
        switch o.exif {
        case 2: return "mirrored left to right"
        case 3: return "turned 180°"
        case 4: return "mirrored top to bottom"
        case 5: return "mirrored about its main diagonal (transposed)"
        case 6: return "turned 90° clockwise"
        case 7: return "mirrored about its other diagonal (transversed)"
        case 8: return "turned 90° anticlockwise"
        default: return "as placed"
        }
    }

    /// How a move is said: `moved 15 % left`, `moved 15 % right and 15 % down`.
    package static func describeShift(x: Int, y: Int) -> String {
        var parts: [String] = []
        if x != 0 { parts.append("\(abs(x)) % \(x < 0 ? "left" : "right")") }
        if y != 0 { parts.append("\(abs(y)) % \(y < 0 ? "up" : "down")") }
        return "moved " + parts.joined(separator: " and ")
    }

    /// The best score of any placement tried: the file's, a turn's, a move's or a crop's.
    package var bestScore: Double? { (scores + shiftScores + cropScores).compactMap { $0 }.max() }

    /// How a crop is said: `only its middle 80 % is used`.
    package static func describeCrop(_ percent: Int) -> String { "only its middle \(percent) % is used" }

    /// The score of the placement `verdict` names (the file's for any other verdict).
    package var foundScore: Double? {
        switch verdict {
        case .misaligned(let o): return scores[o.exif - 1]
        case .shifted(let x, let y): return Self.shifts.firstIndex { $0 == (x, y) }.flatMap { shiftScores[$0] }
        case .cropped(let p): return Self.crops.firstIndex(of: p).flatMap { cropScores[$0] }
        default: return scores[0]
        }
    }

    private static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
