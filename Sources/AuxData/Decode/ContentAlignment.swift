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
        let m = Measure(photo: photo, map: map)
        let mapEdgeShare = m.placed.edges().share(above: 0.1)
        let photoEdgeShare = m.photoEdges.share(above: 0.1)
        let verdict: Verdict
        var sharpness: Double?
        if photoEdgeShare < minimumEdgeShare {
            verdict = .notApplicable("the photo has too little structure to judge (edges in \(percent(photoEdgeShare)) of it)")
        } else if mapEdgeShare < minimumEdgeShare {
            verdict = .notApplicable("the map has too little structure to judge (edges in \(percent(mapEdgeShare)) of it)")
        } else if let declared = m.scores[0] {
            (verdict, sharpness) = m.verdict(declared: declared)
        } else {
            verdict = .notApplicable("the map or the photo is constant")
        }
        return ContentAlignment(scores: m.scores, shiftScores: m.shiftScores, cropScores: m.cropScores, mapEdgeShare: mapEdgeShare,
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
