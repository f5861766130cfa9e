extension HEIF {
    /// Positions of items by item ID, without hashing: a check looks items up by ID for every
    /// `ipma` entry, reference and rule, and hashing a `UInt32` key runs SipHash each time.
    ///
    /// Writers number items from 1 up (ISO/IEC 14496-12 §8.11.6 leaves IDs free, 0 aside), so
    /// IDs usually fit a table indexed by the ID itself; IDs spread wider are kept sorted and
    /// found by bisection.
    struct ItemIndex: Sendable {
        /// Dense form: `table[id]` is the position + 1, 0 for no item.
        private let table: [UInt32]
        /// Sparse form: (ID, position), sorted by ID.
        private let sorted: [(id: UInt32, position: Int)]

        /// `ids[i]` is the ID of the item at position `i`; IDs are distinct.
        init(_ ids: [UInt32]) {
            let largest = ids.max() ?? 0
            // A table at most a few times the items' count (and never large) is dense.
            if Int(largest) < 4 * ids.count + 64 {
                var t = [UInt32](repeating: 0, count: Int(largest) + 1)
                for (i, id) in ids.enumerated() { t[Int(id)] = UInt32(truncatingIfNeeded: i + 1) }
                table = t
                sorted = []
            } else {
                table = []
                sorted = ids.enumerated().map { ($0.element, $0.offset) }.sorted { $0.id < $1.id }
            }
        }

        subscript(id: UInt32) -> Int? {
            if !table.isEmpty {
                guard Int(id) < table.count, table[Int(id)] > 0 else { return nil }
                return Int(table[Int(id)]) - 1
            }
            var low = 0, high = sorted.count
            while low < high {
                let mid = low + (high - low) / 2
                if sorted[mid].id < id { low = mid + 1 } else { high = mid }
            }
            return low < sorted.count && sorted[low].id == id ? sorted[low].position : nil
        }
    }
}
