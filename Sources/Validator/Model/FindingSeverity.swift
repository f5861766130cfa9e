/// How much a finding weighs, from the wording of its source: an error fails the photo, a
/// warning and a note do not.
public enum FindingSeverity: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// A vendor's convention or a fact worth knowing.
    case note
    /// A "should" of the source: the photo still passes.
    case warning
    /// A "shall" of the source: the photo fails.
    case error

    /// `note`, `warning` or `error`.
    public var description: String { rawValue }

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    /// Notes first, errors last.
    public static func < (a: FindingSeverity, b: FindingSeverity) -> Bool { a.rank < b.rank }
}
