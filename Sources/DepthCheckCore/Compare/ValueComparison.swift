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
        errors.sort()
        let p99 = errors.isEmpty ? 0 : errors[max(0, (errors.count * 99 + 99) / 100 - 1)]
        return ValueDifference(maxError: errors.last.map { $0.isFinite ? largest : .infinity } ?? 0,
                               meanError: finite > 0 ? sum / Double(finite) : 0, p99Error: p99,
                               beyondTolerance: count > 0 ? Double(beyond) / Double(count) : 0,
                               tolerance: tol, units: units, samples: count)
    }
}
