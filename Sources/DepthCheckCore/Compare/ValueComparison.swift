/// The sample-by-sample difference of two maps in one quantity: the export's resampled to the
/// original's display size by the nearest sample.
///
/// A map is changed when its values moved anywhere the tolerance does not allow:
/// - widely: the 99th percentile of the differences is beyond the tolerance (a rescaled,
///   smoothed or replaced map), while a few samples at edges, moved by resampling, are not;
/// - in one place: a patch of at least two by two tiles of 8×8 samples, three quarters of
///   each tile's samples beyond the tolerance (a block painted over moves every sample of it;
///   resampling moves lines one or two samples wide, which fill no tile);
/// - with a tolerance of 0, anywhere: any sample that differs.
///
/// A difference within two float32 steps of the larger value of the tolerance counts as at the
/// tolerance: the values are float32, so a decimal tolerance such as 0.05 m cannot tell a
/// difference of exactly 0.05 m from its rounding.
///
/// The differences are worked out again in each pass rather than kept: a 23-megapixel colour
/// gain map would otherwise hold 70 million of them.
enum ValueComparison {
    /// A tile's side in samples, and the share of a tile's samples beyond the tolerance that
    /// makes it part of a local change.
    static let tile = 8
    static func isDense(beyond: Int, of pixels: Int) -> Bool { pixels > 0 && beyond * 4 >= pixels * 3 }

    static func difference(_ mine: DisplayedValues, _ theirs: DisplayedValues, tolerance: ComparisonTolerance,
                           units: String) -> ValueDifference {
        let range = mine.finiteRange.map { Double($0.high) - Double($0.low) } ?? 0
        let tol = tolerance.resolved(range: range, bits: min(mine.bits, theirs.bits))
        let pairs = SamplePairs(mine, theirs, tolerance: tol)
        let tilesX = (mine.width + tile - 1) / tile, tilesY = (mine.height + tile - 1) / tile
        var tileBeyond = [Int32](repeating: 0, count: tilesX * tilesY)
        var beyond = 0, nonFinite = 0, sum = 0.0
        var largest: Float = 0
        var any = Bounds()
        var rowSum = 0.0, row = -1
        pairs.forEach { x, y, e, over, pixelOver in
            if y != row {
                sum += rowSum
                rowSum = 0
                row = y
            }
            if e.isFinite {
                rowSum += Double(e)
                largest = max(largest, e)
            } else {
                nonFinite += 1
            }
            if over { beyond += 1 }
            if pixelOver {
                tileBeyond[(y / tile) * tilesX + x / tile] += 1
                any.add(x, y)
            }
        }
        sum += rowSum
        let count = pairs.count
        let p99 = percentile99(count: count, largest: largest, nonFinite: nonFinite) { visit in
            pairs.forEach { _, _, e, _, _ in visit(e) }
        }
        let finite = count - nonFinite
        // The 99th percentile is beyond the tolerance when its rank's sample is: when more than
        // `count - rank` samples are.
        let widespread = beyond > count - max(1, (count * 99 + 99) / 100)
        // A region is named when it is what changed: a map changed all over has none.
        var region: ChangedRegion?
        if widespread {
            region = nil
        } else if let tiles = localChange(tileBeyond, tilesX: tilesX, tilesY: tilesY, width: mine.width, height: mine.height) {
            region = pairs.region(inside: tiles, tilesX: tilesX)
        } else if tol == 0, beyond > 0, let b = any.box {
            region = ChangedRegion(x: b.x, y: b.y, width: b.width, height: b.height, samples: any.count,
                                   maxError: nonFinite > 0 ? .infinity : Double(largest))
        }
        return ValueDifference(maxError: nonFinite > 0 ? .infinity : Double(largest),
                               meanError: finite > 0 ? sum / Double(finite) : 0,
                               p99Error: Double(p99),
                               beyondTolerance: count > 0 ? Double(beyond) / Double(count) : 0,
                               tolerance: tol, units: units, samples: count, region: region,
                               isBeyondTolerance: count > 0 && (widespread || region != nil))
    }

    /// The tiles of the largest patch of dense tiles that holds two by two of them, as a mask
    /// over the tiles; nil when there is none.
    static func localChange(_ beyond: [Int32], tilesX: Int, tilesY: Int, width: Int, height: Int) -> [Bool]? {
        func pixels(_ i: Int, _ j: Int) -> Int { min(tile, width - i * tile) * min(tile, height - j * tile) }
        var dense = [Bool](repeating: false, count: beyond.count)
        for j in 0..<tilesY {
            for i in 0..<tilesX { dense[j * tilesX + i] = isDense(beyond: Int(beyond[j * tilesX + i]), of: pixels(i, j)) }
        }
        var best: [Bool]?, bestCount = 0
        var seen = [Bool](repeating: false, count: beyond.count)
        for j in 0..<max(0, tilesY - 1) {
            for i in 0..<max(0, tilesX - 1) {
                let k = j * tilesX + i
                guard !seen[k], dense[k], dense[k + 1], dense[k + tilesX], dense[k + tilesX + 1] else { continue }
                // The dense tiles joined to this square, side by side.
                var mask = [Bool](repeating: false, count: beyond.count)
                var stack = [k], count = 0
                seen[k] = true
                while let t = stack.popLast() {
                    mask[t] = true
                    count += 1
                    let (ti, tj) = (t % tilesX, t / tilesX)
                    for (di, dj) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let (ni, nj) = (ti + di, tj + dj)
                        guard ni >= 0, nj >= 0, ni < tilesX, nj < tilesY else { continue }
                        let n = nj * tilesX + ni
                        if dense[n], !seen[n] {
                            seen[n] = true
                            stack.append(n)
                        }
                    }
                }
                if count > bestCount {
                    best = mask
                    bestCount = count
                }
            }
        }
        return best
    }

    /// The value of rank ⌈0.99 n⌉ (from 1) of the `count` values `forEach` visits, exactly,
    /// without keeping them all: a histogram over 0…`largest` (the largest finite value) finds
    /// the bin that holds that rank, and only that bin's values are kept and sorted. `nonFinite`
    /// values (infinite) sort last.
    static func percentile99(count: Int, largest: Float, nonFinite: Int, forEach: ((Float) -> Void) -> Void) -> Float {
        guard count > 0 else { return 0 }
        let rank = max(1, (count * 99 + 99) / 100)   // 1-based
        if rank > count - nonFinite { return .infinity }
        guard largest > 0 else { return 0 }
        let bins = 1 << 16
        let scale = Float(bins - 1) / largest
        var counts = [Int](repeating: 0, count: bins)
        forEach { v in if v.isFinite { counts[min(bins - 1, Int(v * scale))] += 1 } }
        var seen = 0, target = 0
        for (k, n) in counts.enumerated() {
            if seen + n >= rank { target = k; break }
            seen += n
        }
        var inBin: [Float] = []
        forEach { v in if v.isFinite, min(bins - 1, Int(v * scale)) == target { inBin.append(v) } }
        inBin.sort()
        return inBin.isEmpty ? 0 : inBin[min(inBin.count - 1, rank - seen - 1)]
    }

    /// `percentile99(count:largest:nonFinite:forEach:)` of a list.
    static func percentile99(_ values: [Float]) -> Float {
        var largest: Float = 0, nonFinite = 0
        for v in values { if v.isFinite { largest = max(largest, v) } else { nonFinite += 1 } }
        return percentile99(count: values.count, largest: largest, nonFinite: nonFinite) { visit in
            for v in values { visit(v) }
        }
    }

    /// A rectangle grown point by point, and how many points it holds.
    struct Bounds {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, count = 0
        mutating func add(_ x: Int, _ y: Int) {
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
            count += 1
        }
        var box: (x: Int, y: Int, width: Int, height: Int)? {
            count > 0 ? (minX, minY, maxX - minX + 1, maxY - minY + 1) : nil
        }
    }
}

/// The original's samples beside the export's nearest ones, and their differences judged
/// against a tolerance.
struct SamplePairs {
    let mine: DisplayedValues, theirs: DisplayedValues
    let tolerance: Double
    /// Both colour: each channel; otherwise the first (a colour gain map saved gray).
    let channels: Int
    /// The export's column for each of the original's.
    let columns: [Int]

    init(_ mine: DisplayedValues, _ theirs: DisplayedValues, tolerance: Double) {
        self.mine = mine
        self.theirs = theirs
        self.tolerance = tolerance
        channels = mine.channels == theirs.channels ? mine.channels : 1
        columns = (0..<mine.width).map { x in min(theirs.width - 1, (2 * x + 1) * theirs.width / (2 * mine.width)) }
    }

    var count: Int { mine.width * mine.height * channels }

    /// Calls `body` with each sample's column and row, its absolute difference (infinite when
    /// one side is a number and the other is not), whether it is beyond the tolerance, and, at
    /// a pixel's last channel, whether any channel of the pixel is.
    @inline(__always)
    func forEach(_ body: (_ x: Int, _ y: Int, _ error: Float, _ beyond: Bool, _ pixelBeyond: Bool) -> Void) {
        let exact = tolerance == 0
        columns.withUnsafeBufferPointer { column in
            for y in 0..<mine.height {
                let ty = min(theirs.height - 1, (2 * y + 1) * theirs.height / (2 * mine.height))
                let rowA = y * mine.width * mine.channels, rowB = ty * theirs.width * theirs.channels
                for x in 0..<mine.width {
                    let pa = rowA + x * mine.channels, pb = rowB + column[x] * theirs.channels
                    var pixel = false
                    for c in 0..<channels {
                        let u = mine.value(pa + c, channel: c), v = theirs.value(pb + c, channel: c)
                        let d = abs(Double(u) - Double(v))
                        let e: Float, over: Bool
                        if d <= Double(Float.greatestFiniteMagnitude) {
                            e = Float(d)
                            over = exact ? d > 0 : d > tolerance + 2 * Double(max(abs(u), abs(v)).ulp)
                        } else if u.isNaN && v.isNaN || (u.isInfinite && u == v) {
                            (e, over) = (0, false)
                        } else {
                            // A number on one side and none on the other: as far apart as can be.
                            (e, over) = (.infinity, true)
                        }
                        pixel = pixel || over
                        body(x, y, e, over, c == channels - 1 && pixel)
                    }
                }
            }
        }
    }

    /// The bounds of the pixels beyond the tolerance inside the tiles `mask` marks.
    func region(inside mask: [Bool], tilesX: Int) -> ChangedRegion? {
        var bounds = ValueComparison.Bounds()
        var largest: Float = 0
        let tile = ValueComparison.tile
        forEach { x, y, e, over, pixelOver in
            guard mask[(y / tile) * tilesX + x / tile] else { return }
            if over { largest = max(largest, e) }
            if pixelOver { bounds.add(x, y) }
        }
        guard let b = bounds.box else { return nil }
        return ChangedRegion(x: b.x, y: b.y, width: b.width, height: b.height, samples: bounds.count, maxError: Double(largest))
    }
}
