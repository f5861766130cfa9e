import Validator

/// Why DepthCheck could not do what was asked.
public enum DepthCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read (I/O), or is neither a JPEG nor a HEIF its readers can take
    /// apart; `offset` and `path` say where, when they are known.
    case unreadable(message: String, offset: Int?, path: String)
    /// A write was refused before anything was written: the result would break `rule`
    /// (nil when the refusal is not a rule's: the photo already has the map, say).
    case refused(rule: RuleID?, message: String)
    /// A map file (`name`) holds more pixels than its photo (`photoWidth`×`photoHeight`) or
    /// the pixel limit allows (``ReadLimits/maxPixels``): refused, nothing written.
    case mapTooLarge(name: String, detail: String, photoWidth: Int, photoHeight: Int)
    /// A map's aspect ratio is not its photo's (`rule`, said in `message`); when the map has
    /// the shape of the photo as displayed (`displayWidth`×`displayHeight`), embedding it with
    /// `orient` stores it in the photo's frame. Refused, nothing written.
    case aspectMismatch(rule: RuleID, message: String, displayWidth: Int?, displayHeight: Int?)
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
        case .mapTooLarge(let name, let detail, let w, let h):
            return "refused: \(name): \(detail); a map may have no more pixels than its photo (\(w)x\(h)) or the pixel limit"
        case .aspectMismatch(let rule, let m, let dw, let dh):
            let hint = dw.flatMap { w in dh.map { "; the map fits the photo as displayed (\(w)×\($0)): embed it with orient to store it in the photo's frame" } }
            return "refused (\(rule)): \(m)" + (hint ?? "")
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
