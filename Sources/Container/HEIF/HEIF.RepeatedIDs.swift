extension HEIF {
    /// Which entries of a list repeat an ID an earlier entry has: `iinf` entries and `ipma`
    /// entries name each item once (ISO/IEC 14496-12 §8.11.6.1, §8.11.14.1), readers use the
    /// first. Found by sorting positions by ID (no set of IDs to hash, entry by entry).
    package enum RepeatedIDs {
        /// `marks[i]` is true when an entry before `i` has the ID `ids[i]`.
        package static func marks(_ ids: [UInt32]) -> [Bool] {
            var marks = [Bool](repeating: false, count: ids.count)
            guard ids.count > 1 else { return marks }
            let order = ids.indices.sorted { ids[$0] != ids[$1] ? ids[$0] < ids[$1] : $0 < $1 }
            for k in order.indices.dropFirst() where ids[order[k]] == ids[order[k - 1]] { marks[order[k]] = true }
            return marks
        }
    }
}
