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
package struct ContentAlignment: Sendable, Equatable {
    package enum Verdict: Sendable, Equatable {
        /// The file's placement fits as well as any other.
        case aligned
        /// Turned by this orientation, the map fits the photo clearly better.
        case misaligned(MapOrientation)
        /// Moved by these percentages of its width and height (right and down positive), the
        /// map fits the photo clearly better.
        case shifted(x: Int, y: Int)
        /// Too little structure to judge, and why.
        case notApplicable(String)
    }

    /// The score of each placement: index 0 is the file's (orientation 1), index i the map
    /// turned by orientation i + 1 after it. Nil where a grid is constant.
    package let scores: [Double?]
    /// The score of the map moved by each of `shifts` (percentages), as placed otherwise.
    package let shiftScores: [Double?]
    /// The share of the map's working grid that has edges (over a tenth of its strongest).
    package let mapEdgeShare: Double
    package let photoEdgeShare: Double
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
    /// Less of a grid with edges than this is too little structure: a nearly empty matte
    /// (Apple's teeth matte of a closed mouth has 0.2 %), a flat map, a featureless photo.
    package static let minimumEdgeShare = 0.02

    /// The moves tried, in percent of the map's width and height: 5, 10 and 15 % along each
    /// axis, and 15 % along both. A map left at a stale crop, or cut and padded, sits a few
    /// percent to a sixth of the picture off.
    package static let shifts: [(x: Int, y: Int)] = [5, 10, 15].flatMap { d in [(d, 0), (-d, 0), (0, d), (0, -d)] }
        + [(15, 15), (15, -15), (-15, 15), (-15, -15)]

    /// `photo`: the photo's luma in its display frame; `map`: the map in the display frame the
    /// file places it in (its first channel), at any size.
    package static func judge(photo: AlignmentGrid, map: AlignmentGrid) -> ContentAlignment {
        let longer = max(photo.width, photo.height)
        let (w, h) = longer > workingSide
            ? (max(8, photo.width * workingSide / longer), max(8, photo.height * workingSide / longer))
            : (photo.width, photo.height)
        let photoEdges = photo.resampled(width: w, height: h).edges()
        let mapEdgeShare = map.resampled(width: w, height: h).edges().share(above: 0.1)
        let photoEdgeShare = photoEdges.share(above: 0.1)
        let scores: [Double?] = (1...8).map { exif in
            let turned = map.oriented(MapOrientation(exif: exif) ?? .identity)
            return turned.resampled(width: w, height: h).edges().correlation(with: photoEdges)
        }
        let placed = map.resampled(width: w, height: h)
        let shiftScores: [Double?] = shifts.map { s in
            placed.shifted(dx: (s.x * w + (s.x < 0 ? -50 : 50)) / 100, dy: (s.y * h + (s.y < 0 ? -50 : 50)) / 100)
                .edges().correlation(with: photoEdges)
        }
        let verdict: Verdict
        if photoEdgeShare < minimumEdgeShare {
            verdict = .notApplicable("the photo has too little structure to judge (edges in \(percent(photoEdgeShare)) of it)")
        } else if mapEdgeShare < minimumEdgeShare {
            verdict = .notApplicable("the map has too little structure to judge (edges in \(percent(mapEdgeShare)) of it)")
        } else if let declared = scores[0] {
            let others = scores.indices.dropFirst().compactMap { i in scores[i].map { (i + 1, $0) } }
            let moved = shiftScores.indices.compactMap { i in shiftScores[i].map { (i, $0) } }
            let bestTurn = others.max { $0.1 < $1.1 }, bestMove = moved.max { $0.1 < $1.1 }
            // A turn or mirror first: a turned map also fits a little better moved.
            if let best = bestTurn, best.1 >= fitting, best.1 >= declared + margin, best.1 >= (bestMove?.1 ?? -1),
               let o = MapOrientation(exif: best.0) {
                verdict = .misaligned(o)
            } else if let best = bestMove, best.1 >= fitting, best.1 >= declared + margin {
                verdict = .shifted(x: shifts[best.0].x, y: shifts[best.0].y)
            } else {
                verdict = .aligned
            }
        } else {
            verdict = .notApplicable("the map or the photo is constant")
        }
        return ContentAlignment(scores: scores, shiftScores: shiftScores, mapEdgeShare: mapEdgeShare,
                                photoEdgeShare: photoEdgeShare, verdict: verdict)
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

    /// The score of the placement `verdict` names (the file's for any other verdict).
    package var foundScore: Double? {
        switch verdict {
        case .misaligned(let o): return scores[o.exif - 1]
        case .shifted(let x, let y): return Self.shifts.firstIndex { $0 == (x, y) }.flatMap { shiftScores[$0] }
        default: return scores[0]
        }
    }

    private static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
