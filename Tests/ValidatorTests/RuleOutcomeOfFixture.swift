import AuxData
import Container
@testable import Validator

/// What one rule concludes about a file made by the fixture builders.
func outcome(of rule: any Rule, _ bytes: [UInt8]) throws -> RuleOutcome {
    rule.evaluate(try PhotoReader.read(bytes), CheckOptions())
}

/// The bytes with the first occurrence of `old` replaced by `new` (same length).
func patching(_ bytes: [UInt8], _ old: [UInt8], with new: [UInt8]) -> [UInt8] {
    var out = bytes
    guard old.count == new.count, old.count <= bytes.count else { return out }
    for i in 0...(bytes.count - old.count) where Array(bytes[i..<(i + old.count)]) == old {
        out.replaceSubrange(i..<(i + old.count), with: new)
        return out
    }
    return out
}
