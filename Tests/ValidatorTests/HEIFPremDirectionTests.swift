import Testing
import TestSupport
import Validator

/// `prem` runs from the premultiplied image to its alpha plane (ISO/IEC 23008-12 §6.4.6); one
/// that runs back from the alpha plane to its master is an error naming both.
@Suite struct HEIFPremDirectionTests {
    @Test func aReversedPremIsAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "prem-from-alpha-to-colour.heic" }).make()
        let f = Validation.check(bytes: bad, path: "p.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.reference-target-invalid" }
        #expect(f.map(\.message) == ["'prem' goes from item 2, the auxiliary image of item 1, to item 1: it runs from the premultiplied image to its alpha, not the other way"])
        #expect(f.map(\.path) == ["meta/iref/prem"])
    }
}
