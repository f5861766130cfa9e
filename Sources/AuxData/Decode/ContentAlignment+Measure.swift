extension ContentAlignment {
    /// The measure of one map against its photo, on a grid of at most `workingSide` cells: the
    /// edge correlation of every placement tried (the eight orientations, the moves, the
    /// crops), and the sharpness of the peak at a placement (phase correlation's test of a
    /// registration: a true fit loses much of its score a few cells off).
    struct Measure {
        let w: Int, h: Int
        let photoGrid: AlignmentGrid
        let photoEdges: AlignmentGrid
        let map: AlignmentGrid
        /// The map as the file places it, on the working grid.
        let placed: AlignmentGrid
        /// Each of the eight EXIF orientations, first the file's own.
        let scores: [Double?]
        /// The tried moves in cells, and each one's score.
        let moves: [(dx: Int, dy: Int)]
        let shiftScores: [Double?]
        /// The map's middle `crops` percent stretched to the grid, and each one's score.
        let cropped: [AlignmentGrid]
        let cropScores: [Double?]

        init(photo: AlignmentGrid, map: AlignmentGrid) {
            let longer = max(photo.width, photo.height)
            let (w, h) = longer > workingSide
                ? (max(8, photo.width * workingSide / longer), max(8, photo.height * workingSide / longer))
                : (photo.width, photo.height)
            (self.w, self.h, self.map) = (w, h, map)
            photoGrid = photo.resampled(width: w, height: h)
            let photoEdges = photoGrid.edges()
            self.photoEdges = photoEdges
            scores = (1...8).map { exif in
                let turned = map.oriented(MapOrientation(exif: exif) ?? .identity)
                return turned.resampled(width: w, height: h).edges().correlation(with: photoEdges)
            }
            let placed = map.resampled(width: w, height: h)
            self.placed = placed
            moves = shifts.map { s in
                (dx: (s.x * w + (s.x < 0 ? -50 : 50)) / 100, dy: (s.y * h + (s.y < 0 ? -50 : 50)) / 100)
            }
            shiftScores = moves.map { placed.shifted(dx: $0.dx, dy: $0.dy).edges().correlation(with: photoEdges) }
            cropped = crops.map { map.resampled(width: w, height: h, keeping: $0) }
            cropScores = cropped.map { $0.edges().correlation(with: photoEdges) }
        }

        /// The mean score of `grid` moved by `move` and then `peakStep` cells each way, against `edges`.
        func near(_ grid: AlignmentGrid, _ move: (dx: Int, dy: Int), _ edges: AlignmentGrid) -> Double {
            let d = peakStep
            return [(d, 0), (-d, 0), (0, d), (0, -d)].reduce(0.0) { sum, n in
                sum + (grid.shifted(dx: move.dx + n.0, dy: move.dy + n.1).edges().correlation(with: edges) ?? 0)
            } / 4
        }

        /// The score of `grid` near `move`, and how much it loses a few cells off. A turn and a
        /// crop are exact, the tried moves are coarse: from a move, the top of the peak is
        /// climbed to first, a cell at a time (at most `peakStep` × 2 cells), since measured off
        /// its top a peak looks flat.
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

        /// The map in EXIF orientation `exif`, on the working grid.
        func turned(_ exif: Int) -> AlignmentGrid {
            map.oriented(MapOrientation(exif: exif) ?? .identity).resampled(width: w, height: h)
        }

        /// A sharp enough peak; one searched for among many must also hold `minimumPeakShare` of its score.
        func isPeak(_ p: (score: Double, loss: Double), searched: Bool) -> Bool {
            p.loss >= minimumPeak && (!searched || p.loss >= p.score * minimumPeakShare)
        }

        /// Structure as coarse as a ramp scores about the same a few cells off even where it
        /// belongs, so it is judged turned or moved, never unrelated: what an edge grid loses
        /// against itself a few cells off is the sharpest peak it can have.
        var isFine: Bool {
            1 - near(placed, (0, 0), placed.edges()) >= minimumSelfLoss && 1 - near(photoGrid, (0, 0), photoEdges) >= minimumSelfLoss
        }

        /// The verdict on a map with structure to judge, whose placement as stored scores
        /// `declared`, and the sharpness of the peak it names.
        func verdict(declared: Double) -> (Verdict, Double?) {
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
            let fine = isFine
            // The file's placement and the turns are what a map of the photo is stored as; a move
            // or crop is searched for, and may land on a chance bump (`minimumPeakShare`).
            let placements = [asPlaced, turnPeak].compactMap { $0 }, searched = [movePeak, cropPeak].compactMap { $0 }
            if fine, !placements.contains(where: { isPeak($0, searched: false) }), !searched.contains(where: { isPeak($0, searched: true) }) {
                return (.unrelated, (placements + searched).map(\.loss).max())
            } else if turnFits, let best = bestTurn, best.1 >= fitting, best.1 >= declared + margin,
                      let o = MapOrientation(exif: best.0) {
                // A turn or mirror first: a turned map also fits a little better moved.
                return (.misaligned(o), turnPeak?.loss)
            } else if moveFits, let best = bestMove, best.1 >= fitting, best.1 >= declared + margin {
                return (.shifted(x: shifts[best.0].x, y: shifts[best.0].y), movePeak?.loss)
            } else if fine, !turnFits, !moveFits, let best = bestCrop, best.1 >= fitting, best.1 >= declared + margin {
                // A crop changes the scale, which moves the edges of coarse structure as much as
                // a misplacement does: only fine structure is judged for it.
                return (.cropped(crops[best.0]), cropPeak?.loss)
            }
            return (.aligned, asPlaced.loss)
        }
    }
}
