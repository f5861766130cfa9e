/// A set kept as a list, for the few values a one-file run compares: a dozen options, the
/// rules that found something, the entries of an MPF index, a handful of names.
///
/// The first `Set` or `Dictionary` a process makes with a given key type has the Swift runtime
/// look the key's `Hashable` conformance up through every conformance record of the program,
/// which costs a one-file check more than comparing a few values one by one. Code that keeps a
/// list, a table or a ring where a hash table would be the obvious choice does so for this
/// reason and names this type to say it. Its members are inlinable, so the few calls a run
/// makes are specialised where they are made rather than looking generic metadata up.
package struct ListSet<Element: Equatable> {
    /// The values, in the order they were first inserted.
    @usableFromInline package private(set) var elements: [Element] = []

    /// An empty set.
    @inlinable package init() {}

    /// The distinct values of `values`, in the order each first occurs.
    @inlinable package init(_ values: some Sequence<Element>) {
        for v in values { insert(v) }
    }

    /// Whether `value` is in the set.
    @inlinable package func contains(_ value: Element) -> Bool { elements.contains(value) }

    /// Adds `value` unless it is already there; true when it was added.
    @discardableResult
    @inlinable package mutating func insert(_ value: Element) -> Bool {
        guard !elements.contains(value) else { return false }
        elements.append(value)
        return true
    }

    /// How many values it holds.
    @inlinable package var count: Int { elements.count }
}
