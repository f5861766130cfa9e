extension HEIF {
    /// The absolute byte ranges of each item's data, resolved from `iloc` (ISO/IEC 14496-12
    /// §8.11.3): looked up by item ID like a dictionary of lists, held as one list of every
    /// item's ranges in `iloc` order and where each item's lie in it. A list per item was an
    /// allocation per tile of a grid, made and freed by every check although a check reads the
    /// ranges of a few items only.
    package struct ItemDataRanges: Sendable, Equatable, Sequence {
        /// Every item's ranges, one item after another.
        private let all: [Range<Int>]
        /// Where each item's ranges lie in `all`.
        private let positions: [UInt32: Range<Int>]

        /// No item's data.
        package init() {
            all = []
            positions = [:]
        }

        /// From each item's ranges; an ID given twice keeps its last ranges.
        package init(_ items: [(itemID: UInt32, ranges: [Range<Int>])]) {
            var builder = Builder(capacity: items.count)
            for item in items { builder.append(item.itemID, item.ranges) }
            self = builder.ranges
        }

        fileprivate init(all: [Range<Int>], positions: [UInt32: Range<Int>]) {
            self.all = all
            self.positions = positions
        }

        /// The ranges of the item `itemID`, in extent order; nil for an item without resolved data.
        package subscript(_ itemID: UInt32) -> [Range<Int>]? {
            positions[itemID].map { Array(all[$0]) }
        }

        /// Items with resolved data.
        package var count: Int { positions.count }
        package var isEmpty: Bool { positions.isEmpty }

        /// Each item's ranges, in no particular order.
        package var values: [[Range<Int>]] { positions.values.map { Array(all[$0]) } }

        /// Each item with its ranges, in no particular order (as a dictionary's elements).
        package func makeIterator() -> IndexingIterator<[(key: UInt32, value: [Range<Int>])]> {
            positions.map { (key: $0.key, value: Array(all[$0.value])) }.makeIterator()
        }

        package static func == (a: ItemDataRanges, b: ItemDataRanges) -> Bool {
            a.positions.count == b.positions.count && a.positions.allSatisfy { id, _ in a[id] == b[id] }
        }

        /// Collects items' ranges in order.
        struct Builder {
            private var all: [Range<Int>] = []
            private var positions: [UInt32: Range<Int>]

            init(capacity: Int) {
                all.reserveCapacity(capacity)
                positions = Dictionary(minimumCapacity: capacity)
            }

            /// Starts the next item; `add` then appends its ranges, `finish` records them.
            var mark: Int { all.count }

            mutating func add(_ range: Range<Int>) { all.append(range) }

            /// Records the ranges added since `mark` as item `itemID`'s, in place of any it had
            /// (as a dictionary's assignment); `keep` false drops them and leaves the item as it
            /// was (an entry whose extents cannot all be resolved).
            mutating func finish(_ itemID: UInt32, from mark: Int, keep: Bool) {
                guard keep else {
                    all.removeSubrange(mark...)
                    return
                }
                positions[itemID] = mark..<all.count
            }

            mutating func append(_ itemID: UInt32, _ ranges: [Range<Int>]) {
                let m = mark
                for r in ranges { add(r) }
                finish(itemID, from: m, keep: true)
            }

            var ranges: ItemDataRanges { ItemDataRanges(all: all, positions: positions) }
        }
    }
}
