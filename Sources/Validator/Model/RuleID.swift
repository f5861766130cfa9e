/// A rule's stable id, such as `matte.requires-depth`; `depthcheck explain ID` and
/// `depthcheck rules` say what it checks.
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The id: `area.subject.problem`.
    public let rawValue: String
    /// The rule of this id.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `"matte.requires-depth"` as a rule id.
    public init(stringLiteral value: String) { rawValue = value }
    /// The id itself.
    public var description: String { rawValue }
    /// In the order of the ids' text.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    /// The area: the id's first segment (`structure`, `matte`, `gainmap` …).
    public var area: String { String(rawValue.prefix { $0 != "." }) }
}
