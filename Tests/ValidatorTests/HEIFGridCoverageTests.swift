import Testing
import TestSupport
import Validator

/// A grid's ispe is its output size (ISO/IEC 23008-12 §6.5.3.1 with §6.6.2.3), and its tiles
/// cover that size; the corpus disparity map as a 2×1 grid of 16×12 tiles passes both.
@Suite struct HEIFGridCoverageTests {
    static func gridFindings(_ bytes: [UInt8]) -> [String] {
        Validation.check(bytes: bytes, path: "g.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.grid-invalid" }.map(\.message)
    }

    @Test func aGridWhoseISPEIsItsOutputAndWhoseTilesCoverItPasses() {
        #expect(Self.gridFindings(HEIFFixture.gridDisparity()).isEmpty)
    }

    @Test func anISPEOtherThanTheOutputSizeIsAnError() {
        #expect(Self.gridFindings(HEIFFixture.gridDisparity(ispe: (30, 12)))
                == ["ispe 30×12 but the grid's descriptor gives an output of 32×12"])
        #expect(Self.gridFindings(HEIFFixture.gridDisparity(ispe: (0, 0)))
                == ["ispe 0×0 but the grid's descriptor gives an output of 32×12"])
    }

    @Test func tilesThatDoNotCoverTheOutputAreAnError() {
        #expect(Self.gridFindings(HEIFFixture.gridDisparity(ispe: (40, 12), output: (40, 12)))
                == ["1×2 tiles of 16×12 cover 32×12, less than the output 40×12"])
        // Tiles may cover more than the output: the grid is trimmed to it.
        #expect(Self.gridFindings(HEIFFixture.gridDisparity(ispe: (30, 10), output: (30, 10))).isEmpty)
    }

    @Test func tilesOfTwoChromaFormatsAreAnError() {
        #expect(Self.gridFindings(HEIFFixture.gridDisparity(secondTileChroma: 1))
                == ["tiles are coded with chroma format 0 at 8/8 bits and 1 at 8/8; a grid's tiles share one"])
    }
}
