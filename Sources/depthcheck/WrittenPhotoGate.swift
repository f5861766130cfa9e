import Container
import Validator

/// `embed`, `strip` and `roundtrip -o` hand their result here before writing it: a photo with
/// an error-level finding under `check --pixels` is refused with exit 2, every failing rule
/// named, and nothing is written.
enum WrittenPhotoGate {
    static func admit(_ bytes: [UInt8], as output: String, limits: ParseLimits = .default) throws(CommandFailure) {
        let errors = WrittenPhotoCheck.errors(in: bytes, path: output, limits: limits)
        guard !errors.isEmpty else { return }
        let rules = errors.map(\.rule).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var text = "refused (\(rules.joined(separator: ", "))): the result would fail check; nothing written\n"
        text += errors.prefix(5).map { "  \($0.rule): \($0.message)" }.joined(separator: "\n")
        if errors.count > 5 { text += "\n  and \(errors.count - 5) more" }
        throw CommandFailure(Exit.usage, text)
    }
}
