import Testing
import TestSupport
import Validator

/// An overlay places its dimg inputs on its canvas (ISO/IEC 23008-12 §6.6.2.2): one with none is
/// a derivation-input error, named at its item.
@Suite struct HEIFOverlayInputTests {
    @Test func anOverlayWithoutInputIsAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "overlay-without-input.heic" }).make()
        let f = Validation.check(bytes: bad, path: "o.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.derivation-input-invalid" }
        #expect(f.map(\.message) == ["overlay item 8 has no dimg input"])
        #expect(f.map(\.path) == ["meta/iinf/item[8]"])
    }
}
