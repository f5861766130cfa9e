/// The verdict on one file: `pass` (no finding fails it), `fail`, or `unreadable` (the file
/// could not be read).
public enum FileVerdict: String, Sendable, Hashable, CustomStringConvertible {
    /// No finding is an error.
    case pass
    /// At least one finding is an error.
    case fail
    /// The file could not be read.
    case unreadable
    /// `pass`, `fail` or `unreadable`.
    public var description: String { rawValue }
}
