extension HEIF {
    /// Byte ranges a writer takes out of a file, sorted and disjoint, and where every byte
    /// that stays lands: an offset after the cuts moves back by the bytes cut before it.
    ///
    /// Item data may be shared (ISO/IEC 14496-12 §8.11.3 lets two items' extents name the
    /// same bytes), so the cuts are what removed items located minus what anything kept
    /// still locates; bytes nothing locates are never cut.
    package struct ByteCuts: Sendable, Equatable {
        /// Sorted, disjoint, none empty.
        package let ranges: [Range<Int>]

        package init() { ranges = [] }

        /// `removed` minus `kept`.
        package init(removing removed: [Range<Int>], keeping kept: [Range<Int>]) {
            var out: [Range<Int>] = []
            let keep = ByteCuts.merged(kept)
            for r in ByteCuts.merged(removed) {
                var pieces = [r]
                for k in keep where k.overlaps(r) {
                    pieces = pieces.flatMap { p -> [Range<Int>] in
                        guard p.overlaps(k) else { return [p] }
                        var left: [Range<Int>] = []
                        if p.lowerBound < k.lowerBound { left.append(p.lowerBound..<k.lowerBound) }
                        if k.upperBound < p.upperBound { left.append(k.upperBound..<p.upperBound) }
                        return left
                    }
                }
                out += pieces
            }
            ranges = out
        }

        package var isEmpty: Bool { ranges.isEmpty }

        /// How many bytes are cut.
        package var count: Int { ranges.reduce(0) { $0 + $1.count } }

        /// Bytes cut before `offset`.
        package func cut(before offset: Int) -> Int {
            var n = 0
            for r in ranges {
                if r.lowerBound >= offset { break }
                n += min(r.upperBound, offset) - r.lowerBound
            }
            return n
        }

        /// Bytes cut inside `range`.
        package func cut(in range: Range<Int>) -> Int {
            ranges.reduce(0) { n, r in r.overlaps(range) ? n + r.clamped(to: range).count : n }
        }

        /// Where the byte at `offset` lands once the cuts are made (for a byte not cut).
        package func moved(_ offset: Int) -> Int { offset - cut(before: offset) }

        /// `bytes[range]` without the cut bytes.
        package func keeping(_ bytes: [UInt8], in range: Range<Int>) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var at = range.lowerBound
            for r in ranges where r.overlaps(range) {
                let c = r.clamped(to: range)
                out += bytes[at..<c.lowerBound]
                at = c.upperBound
            }
            out += bytes[at..<range.upperBound]
            return out
        }

        /// Sorted ranges with overlapping or touching ones joined, empty ones dropped.
        static func merged(_ rs: [Range<Int>]) -> [Range<Int>] {
            var out: [Range<Int>] = []
            for r in rs.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = out.last, r.lowerBound <= last.upperBound {
                    out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
                } else {
                    out.append(r)
                }
            }
            return out
        }
    }
}
