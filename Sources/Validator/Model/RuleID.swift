/// A rule's stable id, such as `matte.requires-depth`; `depthcheck explain ID` and
/// `depthcheck rules` say what it checks. Not made from a string literal: each rule's file
/// declares its id once (`RuleID.matteRequiresDepth`), so a misspelt id does not compile.
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id: `area.subject.problem`.
    public let rawValue: String
    /// The rule of this id.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The id itself.
    public var description: String { rawValue }
    /// In the order of the ids' text.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    /// The area: the id's first segment (`structure`, `matte`, `gainmap` …).
    public var area: String { String(rawValue.prefix { $0 != "." }) }
}
