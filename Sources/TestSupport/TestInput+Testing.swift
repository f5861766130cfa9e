// Only the test targets link Swift Testing: a release build (`swift build -c release`, which
// builds every target) has no Testing module, and TestSupport builds there without the trait
// and the readers that `#require` their file.
#if canImport(Testing)
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test (or suite) only when every one of `inputs` is there. Otherwise the test
    /// is skipped and the skip, with a comment naming the missing inputs, shows in the output.
    package static func requires(_ inputs: TestInput...) -> Self {
        let missing = inputs.filter { !$0.isAvailable }
        let comment = missing.isEmpty
            ? "needs " + inputs.map(\.description).joined(separator: ", ")
            : "missing " + missing.map(\.description).joined(separator: ", ")
        return .enabled(if: missing.isEmpty, Comment(rawValue: comment))
    }
}

extension TestData {
    /// The bytes of a real camera file. A test that reads one names it with
    /// `.requires(.realFile(name))`, so a missing file skips the test rather than failing it.
    package static func realBytes(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        try #require(FileBytes.read(real(name)), "cannot read \(real(name))", sourceLocation: sourceLocation)
    }

    /// The bytes of a conformance file; a test that reads one names it with
    /// `.requires(.conformanceFile(name))`.
    package static func conformanceBytes(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        try #require(FileBytes.read(conformance(name)), "cannot read \(conformance(name))", sourceLocation: sourceLocation)
    }

    /// The bytes of a field file; a test that reads one names it with `.requires(.fieldFile(name))`.
    package static func fieldBytes(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        try #require(FileBytes.read(field(name)), "cannot read \(field(name))", sourceLocation: sourceLocation)
    }
}
#endif
