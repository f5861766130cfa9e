/// What `info` shows of an aux image's values: min, max and mean of the values (NaN left
/// out), how many are NaN, and a 256-bin histogram of the stored samples (bin = sample scaled
/// to 8 bits). A colour gain map has these over all its samples and, in `channels`, for each
/// of red, green and blue.
package struct AuxStatistics: Sendable, Equatable {
    package let min: Double
    package let max: Double
    package let mean: Double
    package let nanCount: Int
    package let histogram: [Int]
    /// Per channel (red, green, blue) for an image of more than one channel; empty otherwise.
    package let channels: [AuxStatistics]

    package init(min: Double, max: Double, mean: Double, nanCount: Int, histogram: [Int], channels: [AuxStatistics] = []) {
        self.min = min
        self.max = max
        self.mean = mean
        self.nanCount = nanCount
        self.histogram = histogram
        self.channels = channels
    }

    /// The statistics of a decoded image given its sample counts and its value mapping.
    package init(counts: SampleCounts, mapping: ValueMapping) {
        let whole = Self(counts: counts.counts, bitDepth: counts.layout?.bitDepth ?? 8, mapping: mapping)
        let perChannel = counts.channelCounts.count > 1
            ? counts.channelCounts.map { Self(counts: $0, bitDepth: counts.layout?.bitDepth ?? 8, mapping: mapping) } : []
        self.init(min: whole.min, max: whole.max, mean: whole.mean, nanCount: whole.nanCount, histogram: whole.histogram,
                  channels: perChannel)
    }

    init(counts: [Int], bitDepth: Int, mapping: ValueMapping) {
        var lo = Double.infinity, hi = -Double.infinity, sum = 0.0, n = 0, nan = 0
        for (v, c) in counts.enumerated() where c > 0 {
            let f = mapping.value(ofSample: v)
            if f.isNaN { nan += c; continue }
            lo = Swift.min(lo, f)
            hi = Swift.max(hi, f)
            sum += f * Double(c)
            n += c
        }
        min = n > 0 ? lo : .nan
        max = n > 0 ? hi : .nan
        mean = n > 0 ? sum / Double(n) : .nan
        nanCount = nan
        histogram = SampleCounts.histogram256(counts, bitDepth: bitDepth)
        channels = []
    }
}

/// How often each stored sample value occurs: one pass over the decoded rows gives the
/// statistics and everything the pixel rules judge, without keeping the image.
package struct SampleCounts: Sendable, Equatable, AuxRowSink {
    package private(set) var layout: StoredLayout?
    /// counts[v] = number of samples equal to v; 2^bitDepth entries.
    package private(set) var counts: [Int] = []
    /// For an image of more than one channel, the counts of each (red, green, blue); empty otherwise.
    package private(set) var channelCounts: [[Int]] = []
    package private(set) var rowsSeen = 0

    package init() {}

    package mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        self.layout = layout
        counts = [Int](repeating: 0, count: 1 << Swift.min(16, Swift.max(1, layout.bitDepth)))
        channelCounts = layout.channels > 1 ? [[Int]](repeating: counts, count: layout.channels) : []
    }

    package mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        rowsSeen += rows.rowCount
        let top = counts.count - 1
        if rows.channels > 1, channelCounts.count == rows.channels {
            for i in 0..<rows.count {
                let s = Swift.min(rows.sample(at: i), top)
                counts[s] += 1
                channelCounts[i % rows.channels][s] += 1
            }
            return
        }
        counts.withUnsafeMutableBufferPointer { c in
            switch rows.samples {
            case .u8(let p): for s in p { c[Swift.min(Int(s), top)] += 1 }
            case .u16(let p): for s in p { c[Swift.min(Int(s), top)] += 1 }
            }
        }
    }

    package var sampleCount: Int { counts.reduce(0, +) }
    package var minSample: Int? { counts.firstIndex { $0 > 0 } }
    package var maxSample: Int? { counts.lastIndex { $0 > 0 } }
    /// Every sample equal.
    package var isFlat: Bool { counts.lazy.filter { $0 > 0 }.count == 1 }

    /// 256 bins: a sample of b bits goes to bin sample >> (b − 8) (or << (8 − b)).
    package var histogram256: [Int] { Self.histogram256(counts, bitDepth: layout?.bitDepth ?? 8) }

    static func histogram256(_ counts: [Int], bitDepth bits: Int) -> [Int] {
        var h = [Int](repeating: 0, count: 256)
        for (v, c) in counts.enumerated() where c > 0 {
            let bin = bits >= 8 ? v >> (bits - 8) : v << (8 - bits)
            h[Swift.min(255, bin)] += c
        }
        return h
    }
}
