/// One file that must pass: its name and the builder that makes its bytes. Together the good
/// cases give every rule of the catalog at least one file on which it applies and passes
/// (`RuleOutcomeTests`), beside the known-bad file on which it fails.
package struct GoodCase: Sendable, CustomStringConvertible {
    package let name: String
    package let make: @Sendable () -> [UInt8]

    package init(name: String, make: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.make = make
    }

    package var description: String { name }
}
