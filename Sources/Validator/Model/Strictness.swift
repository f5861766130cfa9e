/// How findings are graded. `strict` turns warnings of "should" rules into errors, the way
/// mp4parse's `ParseStrictness.Strict` fails on should-violations.
package enum Strictness: String, Sendable {
    case normal, strict
}
