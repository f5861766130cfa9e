/// A run of a list that other runs share, indexed from 0 like an array of its own.
///
/// A HEIF file's model holds many short lists: each `ipma` entry's associations, each item's
/// properties, one of each per tile of a grid. Held as runs of one array per box, reading a
/// file makes one allocation for all of them where an array each made one per tile (and
/// freeing the model as many again); a copy of a run shares its array.
public struct SubList<Element: Sendable>: RandomAccessCollection, Sendable {
    private let storage: [Element]
    private let bounds: Range<Int>

    /// A list of its own.
    public init(_ elements: [Element]) {
        storage = elements
        bounds = elements.indices
    }

    /// The run `bounds` of `storage`, which must lie inside it.
    init(_ storage: [Element], _ bounds: Range<Int>) {
        self.storage = storage
        self.bounds = bounds.clamped(to: storage.indices)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { bounds.count }

    /// The element at `position`; like an array's, out of range is a programming error.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < bounds.count, "SubList index out of range")
        return storage[bounds.lowerBound + position]
    }

    /// The elements as an array of their own.
    public var array: [Element] { Array(storage[bounds]) }
}

extension SubList: Equatable where Element: Equatable {
    public static func == (a: SubList, b: SubList) -> Bool { a.elementsEqual(b) }
}

extension SubList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}
