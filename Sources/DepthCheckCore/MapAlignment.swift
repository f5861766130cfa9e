import AuxData

/// Whether an aux image's picture lines up with its photo's, as ``DepthPhoto/alignment(of:)``
/// finds it: the map's edges against the photo's in the display frame, as the file places the
/// map, under the seven other turns and mirrors of the square, moved by up to 15 %, and cropped
/// to its middle 80 or 90 %. The rules
/// `geometry.content.misaligned` and `geometry.content.unrelated` report the same verdict.
public struct MapAlignment: Sendable, Equatable {
    /// A placement of the map relative to the file's.
    public enum Placement: Int, Sendable, CaseIterable, CustomStringConvertible {
        case asPlaced = 1
        case mirroredLeftToRight, turned180, mirroredTopToBottom, transposed, turned90Clockwise, transversed,
             turned90Anticlockwise

        /// `mirrored left to right`, `turned 90° clockwise`, …
        public var description: String { MapOrientation(exif: rawValue).map(ContentAlignment.describe) ?? "as placed" }
    }

    /// What the comparison found.
    public enum Verdict: Sendable, Equatable {
        /// The file's placement fits as well as any other.
        case aligned
        /// Moved to this placement, the map fits the photo clearly better.
        case misaligned(Placement)
        /// Moved by these percentages of its width and height (right and down positive), the
        /// map fits the photo clearly better.
        case shifted(x: Int, y: Int)
        /// Only the middle `percent` % of the map's width and height, stretched to the photo,
        /// fits it clearly better: the photo was cropped after the map was made.
        case cropped(percent: Int)
        /// No placement tried puts the map's edges on the photo's: it may be another photo's
        /// map (`geometry.content.unrelated`).
        case unrelated
        /// The map or the photo has too little structure to judge, and why.
        case notJudged(reason: String)
    }

    /// Whether the map lines up as placed, which placement fits better, or why it is not judged.
    public let verdict: Verdict
    /// How well each placement fits: the correlation of the two edge maps, -1 to 1; nil
    /// where a picture is constant.
    public let scores: [Placement: Double]
    /// How clearly the verdict holds: for `aligned`, the file's score less the best other's;
    /// for `misaligned`, `shifted` and `cropped`, the found placement's less the file's. Nil when not
    /// judged or unrelated.
    public let margin: Double?
    /// How sharply the score of the placement that fits best (the file's, when aligned) falls
    /// when the map is moved a few cells: a map of the photo loses 0.07 or more, another
    /// photo's map scores about the same wherever it is put. Nil when not judged.
    public let peak: Double?

    init(_ a: ContentAlignment) {
        var scores: [Placement: Double] = [:]
        for p in Placement.allCases { scores[p] = a.scores[p.rawValue - 1] }
        self.scores = scores
        peak = a.peak
        let declared = scores[.asPlaced]
        switch a.verdict {
        case .aligned:
            verdict = .aligned
            let others = Placement.allCases.dropFirst().compactMap { scores[$0] }
            margin = declared.map { d in d - (others.max() ?? d) }
        case .misaligned(let o):
            let p = Placement(rawValue: o.exif) ?? .asPlaced
            verdict = .misaligned(p)
            margin = pair(scores[p], declared).map { $0 - $1 }
        case .shifted(let x, let y):
            verdict = .shifted(x: x, y: y)
            margin = pair(a.foundScore, declared).map { $0 - $1 }
        case .cropped(let p):
            verdict = .cropped(percent: p)
            margin = pair(a.foundScore, declared).map { $0 - $1 }
        case .unrelated:
            verdict = .unrelated
            margin = nil
        case .notApplicable(let reason):
            verdict = .notJudged(reason: reason)
            margin = nil
        }
    }
}

private func pair(_ a: Double?, _ b: Double?) -> (Double, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}
