extension JPEG {
    /// How many segments of each marker an image has read so far, for the ordinal in each
    /// segment's path (`APP1#2`). A table of the 256 marker codes rather than a dictionary
    /// (`ListSet` says why).
    struct MarkerCounts {
        private var counts = [Int](repeating: 0, count: 256)

        /// Counts one more segment of `marker` and returns its ordinal, 1 for the first.
        mutating func next(_ marker: UInt8) -> Int {
            counts[Int(marker)] += 1
            return counts[Int(marker)]
        }
    }
}
