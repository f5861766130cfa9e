/// An invariant a fuzz target found broken: what should have held, and what was seen.
package struct FuzzViolation: Error, CustomStringConvertible, Sendable {
    /// The invariant, in words.
    package let what: String
    /// What the input made of it (at most 4,000 characters).
    package let detail: String

    init(_ what: String, _ detail: String = "") {
        self.what = what
        self.detail = String(detail.prefix(4000))
    }

    /// As the fuzz entry point prints it before it aborts.
    package var description: String { "fuzz invariant violated: \(what)\n\(detail)" }
}
