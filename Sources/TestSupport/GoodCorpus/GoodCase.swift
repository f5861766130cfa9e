/// One file that must pass: its name and the builder that makes its bytes. Together the good
/// cases give every rule of the catalog at least one file on which it applies and passes
/// (`RuleOutcomeTests`), beside the known-bad file on which it fails.
public struct GoodCase: Sendable, CustomStringConvertible {
    public let name: String
    public let make: @Sendable () -> [UInt8]

    public init(name: String, make: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.make = make
    }

    public var description: String { name }
}
