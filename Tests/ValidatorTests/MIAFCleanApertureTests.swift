import Testing
import TestSupport
@testable import Validator

/// MIAF §7.3.6.7: a 4:2:0 item's clean aperture has even offsets and sizes.
@Suite struct MIAFCleanApertureTests {
    @Test func anOddWidthAndAHalfSampleEdgeAreAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "primary-clap-odd-width.heic" }).make()
        let f = Validation.check(bytes: bad, path: "c.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.clap-chroma-alignment" }
        #expect(f.map(\.message) == ["item 1 (4:2:0): clean aperture not on even whole samples: width 63/1, left edge (horizOff 0/1)"])
        #expect(f.map(\.path) == ["meta/iprp/ipco[8]:clap"])
    }

    @Test(arguments: [
        // (image, clean n/d, offset n/d, even edge)
        (64 as UInt32, (UInt32(62), UInt32(1)), (Int32(0), UInt32(1)), false),   // edge at 1
        (64, (60, 1), (0, 1), true),                                              // edge at 2
        (64, (60, 1), (-2, 1), true),                                             // edge at 0
        (64, (60, 1), (1, 2), false),                                             // edge at 2.5
        (4096, (4032, 1), (-32, 1), true),                                        // a grid cropped to its left edge
    ])
    func theLeftEdgeIsWorkedOutExactly(_ image: UInt32, _ clean: (UInt32, UInt32), _ offset: (Int32, UInt32), _ even: Bool) {
        #expect(MIAFCleanApertureAlignment.isEvenEdge(image: image, clean: clean, offset: offset) == even)
    }
}
