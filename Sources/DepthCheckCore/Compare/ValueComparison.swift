/// The sample-by-sample difference of two maps in one quantity: the export's resampled to the
/// original's display size by the nearest sample.
enum ValueComparison {
    static func difference(_ mine: DisplayedValues, _ theirs: DisplayedValues, tolerance: ComparisonTolerance,
                           units: String) -> ValueDifference {
        // Both colour: each channel; otherwise the first (a colour gain map saved gray).
        let channels = mine.channels == theirs.channels ? mine.channels : 1
        var low = Double.infinity, high = -Double.infinity
        for v in mine.values where v.isFinite {
            low = min(low, Double(v))
            high = max(high, Double(v))
        }
        let range = high >= low ? high - low : 0
        let tol = tolerance.resolved(range: range, bits: min(mine.bits, theirs.bits))
        let count = mine.width * mine.height * channels
        var errors: [Double] = []
        errors.reserveCapacity(count)
        var beyond = 0, sum = 0.0, largest = 0.0, finite = 0
        for y in 0..<mine.height {
            let ty = min(theirs.height - 1, (2 * y + 1) * theirs.height / (2 * mine.height))
            for x in 0..<mine.width {
                let tx = min(theirs.width - 1, (2 * x + 1) * theirs.width / (2 * mine.width))
                for c in 0..<channels {
                    let a = mine.values[(y * mine.width + x) * mine.channels + c]
                    let b = theirs.values[(ty * theirs.width + tx) * theirs.channels + c]
                    let e: Double
                    if a.isNaN && b.isNaN || (a.isInfinite && a == b) {
                        e = 0
                    } else {
                        e = abs(Double(a) - Double(b))
                    }
                    // A number on one side and none on the other is as far apart as can be.
                    guard e.isFinite else {
                        errors.append(.infinity)
                        beyond += 1
                        continue
                    }
                    errors.append(e)
                    sum += e
                    finite += 1
                    largest = max(largest, e)
                    if e > tol { beyond += 1 }
                }
            }
        }
        let p99 = percentile99(errors)
        return ValueDifference(maxError: errors.last.map { $0.isFinite ? largest : .infinity } ?? 0,
                               meanError: finite > 0 ? sum / Double(finite) : 0, p99Error: p99,
                               beyondTolerance: count > 0 ? Double(beyond) / Double(count) : 0,
                               tolerance: tol, units: units, samples: count)
    }

    /// The value of rank ⌈0.99 n⌉ (from 1) of `values`, exactly, without sorting them all: a
    /// histogram over 0…max finds the bin that holds that rank, and only that bin is sorted.
    /// A gain map has millions of samples; sorting them all took longer than decoding it.
    static func percentile99(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = max(1, (values.count * 99 + 99) / 100)   // 1-based
        let infinite = values.reduce(0) { $0 + ($1.isFinite ? 0 : 1) }
        // Non-numbers sort last: the rank falls among them when they are more than 1 %.
        if rank > values.count - infinite { return .infinity }
        let top = values.reduce(0.0) { $1.isFinite ? max($0, $1) : $0 }
        guard top > 0 else { return 0 }
        let bins = 1 << 16
        var counts = [Int](repeating: 0, count: bins)
        func bin(_ v: Double) -> Int { min(bins - 1, Int(v / top * Double(bins - 1))) }
        for v in values where v.isFinite { counts[bin(v)] += 1 }
        var seen = 0, target = 0
        for (k, n) in counts.enumerated() {
            if seen + n >= rank { target = k; break }
            seen += n
        }
        var inBin = values.filter { $0.isFinite && bin($0) == target }
        inBin.sort()
        return inBin[min(inBin.count - 1, rank - seen - 1)]
    }
}
