import Testing
import TestSupport
@testable import Validator

/// MIAF §7.3.11.1: coded → iden → grid → iden → iovl → iden, and no identity of an identity;
/// cycles stay derivation-input-invalid's, and tone maps are outside the chain.
@Suite struct MIAFDerivationOrderTests {
    static func messages(_ bytes: [UInt8]) -> [String] {
        Validation.check(bytes: bytes, path: "d.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.miaf-derivation-order" }.map(\.message)
    }

    @Test func anIdentityOfAnIdentityIsAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "iden-of-iden.heic" }).make()
        #expect(Self.messages(bad) == ["'iden' item 9 is derived from 'iden' item 8, out of MIAF's order coded → iden → grid → iden → iovl → iden"])
    }

    @Test func aGridOfACodedImagePasses() {
        #expect(Self.messages(HEIFFixture.hiddenGridOfThePrimary()).isEmpty)
    }

    @Test func aCycleIsLeftToTheDerivationInputRule() throws {
        let cycle = try #require(BadCorpus.all.first { $0.name == "iden-cycle.heic" }).make()
        #expect(Self.messages(cycle).isEmpty)
    }
}
