import Testing
import TestSupport
import Validator

/// hvcC's chroma format and bit depths are the SPS's (ISO/IEC 14496-15 §8.3.3.1).
@Suite struct HEIFConfigurationMismatchTests {
    static func findings(_ bytes: [UInt8]) -> [RuleFinding] {
        Validation.check(bytes: bytes, path: "c.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.hvcc-sps-mismatch" }
    }

    @Test func aRecordThatAgreesWithItsSPSPasses() throws {
        let good = try #require(FileBytes.read(TestData.packageRoot + "/Corpus/good/heif-disparity.heic"))
        #expect(Self.findings(good).isEmpty)
    }

    @Test func aBitDepthOtherThanTheSPSsIsAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.rule == .structureHEIFHvccSpsMismatch }).make()
        let f = Self.findings(bad)
        #expect(f.map(\.message) == ["item 2: hvcC says luma bit depth 10 (the SPS: 8)"])
        #expect(f.map(\.severity) == [.error] && f.map(\.offset) == [122])
    }
}
