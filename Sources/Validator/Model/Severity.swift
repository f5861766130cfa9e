/// How bad a finding is, from the wording of its source: shall → error, should → warning,
/// vendor convention or information → note.
package enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
