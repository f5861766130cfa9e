/// Why DepthCheck could not do what was asked.
public enum DepthCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read (I/O), or is neither a JPEG nor a HEIF its readers can take
    /// apart; `offset` and `path` say where, when they are known.
    case unreadable(message: String, offset: Int?, path: String)
    /// A write was refused before anything was written: the result would break `rule`.
    case refused(rule: RuleID?, message: String)
    /// An aux image's pixels could not be decoded.
    case undecodable(index: Int, message: String)

    public var description: String {
        switch self {
        case .unreadable(let m, let o, let p):
            let place = [p.isEmpty ? nil : p, o.map { "offset \($0)" }].compactMap { $0 }.joined(separator: " at ")
            return place.isEmpty ? m : "\(m) (\(place))"
        case .refused(let r, let m): return r.map { "refused (\($0)): \(m)" } ?? "refused: \(m)"
        case .undecodable(let i, let m): return "aux image \(i) cannot be decoded: \(m)"
        }
    }
}
