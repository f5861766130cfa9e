extension HEIF {
    /// An item's extents as one run of bytes: logical positions to file offsets, and every
    /// file range read through it.
    struct ItemView {
        let bytes: [UInt8]
        let ranges: [Range<Int>]
        let total: Int
        private(set) var readRanges: [Range<Int>] = []

        init(bytes: [UInt8], ranges: [Range<Int>]) {
            // Extents were checked against the file when iloc was read; only those inside
            // `bytes` are kept, so every read below is in bounds.
            let kept = ranges.filter { $0.lowerBound >= 0 && $0.upperBound <= bytes.count }
            self.bytes = bytes
            self.ranges = kept
            total = kept.reduce(0) { $0 + $1.count }
        }

        /// The file offset of logical position `p` (the end of the last extent past the end).
        func fileOffset(_ p: Int) -> Int {
            var left = p
            for r in ranges {
                if left < r.count { return r.lowerBound + left }
                left -= r.count
            }
            return ranges.last?.upperBound ?? 0
        }

        /// `count` bytes from logical position `p` (fewer past the end).
        mutating func read(_ p: Int, _ count: Int) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(max(0, count))
            var skip = p, want = count
            for r in ranges where want > 0 {
                if skip >= r.count { skip -= r.count; continue }
                let a = r.lowerBound + skip, b = min(r.upperBound, a + want)
                out.append(contentsOf: bytes[a..<b])
                readRanges.append(a..<b)
                want -= b - a
                skip = 0
            }
            return out
        }
    }
}
