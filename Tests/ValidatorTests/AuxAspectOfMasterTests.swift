import Testing
import TestSupport
import Validator

/// An aux image that belongs by `auxl` to an item other than the primary (an AVIF alpha plane
/// per grid tile, libavif's `color_grid_alpha_nogrid.avif`) is held to that item's aspect.
@Suite struct AuxAspectOfMasterTests {
    static func aspectFindings(_ bytes: [UInt8]) -> [RuleFinding] {
        Validation.check(bytes: bytes, path: "a.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "geometry.aux.aspect-mismatch" }
    }

    @Test func anAuxImageOfAnotherItemIsComparedWithThatItem() {
        // 16×12 keeps item 7's 32×24, though the primary is square: no finding.
        #expect(Self.aspectFindings(HEIFFixture.auxOfAnotherItem(masterWidth: 32, masterHeight: 24,
                                                                 primaryWidth: 48, primaryHeight: 48)).isEmpty)
        // 16×12 against item 7's 16×16, though it keeps the primary's 64×48: a finding naming item 7.
        let f = Self.aspectFindings(HEIFFixture.auxOfAnotherItem(masterWidth: 16, masterHeight: 16))
        #expect(f.map(\.message) == ["disparity image 2 is 16×12 (1.333) but item 7, which it belongs to, is 16×16 (1.000)"])
        #expect(f.map(\.severity) == [.warning])
    }
}
