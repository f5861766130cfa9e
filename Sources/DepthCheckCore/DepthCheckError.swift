/// Why DepthCheck could not do what was asked.
public enum DepthCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read (I/O), or is neither a JPEG nor a HEIF its readers can take
    /// apart; `offset` and `path` say where, when they are known.
    case unreadable(message: String, offset: Int?, path: String)
    /// A write was refused before anything was written: the result would break `rule`
    /// (nil when the refusal is not a rule's: the photo already has the map, say).
    case refused(rule: RuleID?, message: String)
    /// The request cannot be carried out as given (a gray map without its distances, a map
    /// file that does not parse): nothing was written.
    case invalidRequest(message: String)
    /// The written photo would fail its own check (an error under `check --pixels`):
    /// refused, with the findings it would get.
    case wouldFailCheck(findings: [Finding])
    /// The photo has no aux image of those asked for (by kind or index).
    case noSuchAuxImage(message: String)
    /// An aux image's pixels could not be decoded.
    case undecodable(index: Int, message: String)
    /// depthcheck's own failure: an encoder failed, a field overflowed.
    case failed(message: String)

    /// The reason as a sentence, as the command prints it after `depthcheck: `.
    public var description: String {
        switch self {
        case .unreadable(let m, let o, let p):
            let place = [p.isEmpty ? nil : p, o.map { "offset \($0)" }].compactMap { $0 }.joined(separator: " at ")
            return place.isEmpty ? m : "\(m) (\(place))"
        case .refused(let r, let m): return r.map { "refused (\($0)): \(m)" } ?? "refused: \(m)"
        case .invalidRequest(let m), .failed(let m), .noSuchAuxImage(let m): return m
        case .wouldFailCheck(let findings):
            let rules = findings.map(\.rule.rawValue).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            var text = "refused (\(rules.joined(separator: ", "))): the result would fail check; nothing written\n"
            text += findings.prefix(5).map { "  \($0.rule): \($0.message)" }.joined(separator: "\n")
            if findings.count > 5 { text += "\n  and \(findings.count - 5) more" }
            return text
        case .undecodable(let i, let m): return "aux image \(i) cannot be decoded: \(m)"
        }
    }
}
