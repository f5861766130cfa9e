/// The words nearest to a mistyped one, as git ("did you mean") and ripgrep suggest: by edit
/// distance (insertions, deletions, substitutions and swaps of neighbours), close enough to be
/// a slip of the fingers.
enum Suggestion {
    /// The candidates within a third of `word`'s length (at least 2) edits, nearest first.
    static func nearest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let w = Array(word.lowercased())
        let allowed = max(2, w.count / 3)
        let scored = candidates.map { ($0, distance(w, Array($0.lowercased()))) }.filter { $0.1 <= allowed }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// ` (did you mean 'check'?)`, or nothing when no candidate is near.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        let near = nearest(to: word, in: candidates)
        guard !near.isEmpty else { return "" }
        return "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}
