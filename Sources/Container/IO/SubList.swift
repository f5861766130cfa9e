/// A run of a list that other runs share, indexed from 0 like an array of its own.
///
/// A HEIF file's model holds many short lists: each `ipma` entry's associations, each item's
/// properties, one of each per tile of a grid. Held as runs of one array per box, reading a
/// file makes one allocation for all of them where an array each made one per tile (and
/// freeing the model as many again); a copy of a run shares its array.
///
/// Its members are inlinable, and it steps its indices itself: the rules of another module
/// walk these runs for every item of every file, and the collection's default stepping, called
/// unspecialised across the module boundary, looked its generic metadata up at every step.
package struct SubList<Element: Sendable>: RandomAccessCollection, Sendable {
    /// The run, at its place in the shared list (whose indices it keeps).
    @usableFromInline let run: ArraySlice<Element>

    /// A list of its own.
    @inlinable package init(_ elements: [Element]) {
        run = elements[...]
    }

    /// The run `bounds` of `storage`, cut to its indices.
    init(_ storage: [Element], _ bounds: Range<Int>) {
        run = storage[bounds.clamped(to: storage.indices)]
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { run.count }
    @inlinable package var count: Int { run.count }
    @inlinable package func index(after i: Int) -> Int { i + 1 }
    @inlinable package func index(before i: Int) -> Int { i - 1 }
    @inlinable package func formIndex(after i: inout Int) { i += 1 }
    @inlinable package func formIndex(before i: inout Int) { i -= 1 }

    /// The element at `position`; out of range is a programming error, as for an array.
    @inlinable package subscript(position: Int) -> Element { run[run.startIndex + position] }
}

extension SubList: Equatable where Element: Equatable {
    package static func == (a: SubList, b: SubList) -> Bool { a.run.elementsEqual(b.run) }
}

extension SubList: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: Element...) { self.init(elements) }
}
