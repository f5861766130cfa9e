/// The sample-by-sample difference of two maps in one quantity: the export's resampled to the
/// original's display size by the nearest sample.
enum ValueComparison {
    static func difference(_ mine: DisplayedValues, _ theirs: DisplayedValues, tolerance: ComparisonTolerance,
                           units: String) -> ValueDifference {
        // Both colour: each channel; otherwise the first (a colour gain map saved gray).
        let channels = mine.channels == theirs.channels ? mine.channels : 1
        var low = Float.infinity, high = -Float.infinity
        for v in mine.values where v.isFinite {
            low = min(low, v)
            high = max(high, v)
        }
        let range = high >= low ? Double(high) - Double(low) : 0
        let tol = tolerance.resolved(range: range, bits: min(mine.bits, theirs.bits))
        let limit = Float(tol)
        let count = mine.width * mine.height * channels
        // The export's column for each of the original's, worked out once.
        let columns = (0..<mine.width).map { x in min(theirs.width - 1, (2 * x + 1) * theirs.width / (2 * mine.width)) }
        var beyond = 0, nonFinite = 0, sum = 0.0
        var largest: Float = 0
        let errors = [Float](unsafeUninitializedCapacity: count) { out, written in
            mine.values.withUnsafeBufferPointer { a in
                theirs.values.withUnsafeBufferPointer { b in
                    columns.withUnsafeBufferPointer { column in
                        var k = 0
                        for y in 0..<mine.height {
                            let ty = min(theirs.height - 1, (2 * y + 1) * theirs.height / (2 * mine.height))
                            let rowA = y * mine.width * mine.channels, rowB = ty * theirs.width * theirs.channels
                            // A row's sum in Float, added to the whole in Double: exact enough, and quick.
                            var rowSum: Float = 0
                            for x in 0..<mine.width {
                                let pa = rowA + x * mine.channels, pb = rowB + column[x] * theirs.channels
                                for c in 0..<channels {
                                    let u = a[pa + c], v = b[pb + c]
                                    var e = abs(u - v)
                                    if e <= .greatestFiniteMagnitude {
                                        rowSum += e
                                        largest = max(largest, e)
                                        if e > limit { beyond += 1 }
                                    } else if u.isNaN && v.isNaN || (u.isInfinite && u == v) {
                                        e = 0
                                    } else {
                                        // A number on one side and none on the other: as far apart as can be.
                                        e = .infinity
                                        nonFinite += 1
                                        beyond += 1
                                    }
                                    out[k] = e
                                    k += 1
                                }
                            }
                            sum += Double(rowSum)
                        }
                        written = k
                    }
                }
            }
        }
        let finite = count - nonFinite
        return ValueDifference(maxError: nonFinite > 0 ? .infinity : Double(largest),
                               meanError: finite > 0 ? sum / Double(finite) : 0,
                               p99Error: Double(percentile99(errors, largest: largest, nonFinite: nonFinite)),
                               beyondTolerance: count > 0 ? Double(beyond) / Double(count) : 0,
                               tolerance: tol, units: units, samples: count)
    }

    /// The value of rank ⌈0.99 n⌉ (from 1) of `values`, exactly, without sorting them all: a
    /// histogram over 0…`largest` (the largest finite value) finds the bin that holds that
    /// rank, and only that bin is sorted. A gain map has millions of samples; sorting them
    /// all took longer than decoding it. `nonFinite` values (infinite) sort last.
    static func percentile99(_ values: [Float], largest: Float, nonFinite: Int) -> Float {
        guard !values.isEmpty else { return 0 }
        let rank = max(1, (values.count * 99 + 99) / 100)   // 1-based
        if rank > values.count - nonFinite { return .infinity }
        guard largest > 0 else { return 0 }
        let bins = 1 << 16
        let scale = Float(bins - 1) / largest
        var counts = [Int](repeating: 0, count: bins)
        for v in values where v.isFinite { counts[min(bins - 1, Int(v * scale))] += 1 }
        var seen = 0, target = 0
        for (k, n) in counts.enumerated() {
            if seen + n >= rank { target = k; break }
            seen += n
        }
        var inBin = values.filter { $0.isFinite && min(bins - 1, Int($0 * scale)) == target }
        inBin.sort()
        return inBin[min(inBin.count - 1, rank - seen - 1)]
    }

    /// `percentile99(_:largest:nonFinite:)` working out the largest finite value and the
    /// count of the others itself.
    static func percentile99(_ values: [Float]) -> Float {
        var largest: Float = 0, nonFinite = 0
        for v in values { if v.isFinite { largest = max(largest, v) } else { nonFinite += 1 } }
        return percentile99(values, largest: largest, nonFinite: nonFinite)
    }
}
