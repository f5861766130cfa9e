import Testing
import TestSupport
import Validator

/// pixi on an image that is not an aux image: its listed channels' bit depths are held to hvcC
/// (ISO/IEC 23008-12 §6.5.6), not the count, which libheif's own encoder wrote as one.
@Suite struct HEIFPrimaryPixiTests {
    static func messages(_ bytes: [UInt8]) -> [String] {
        Validation.check(bytes: bytes, path: "p.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.heif.pixi-mismatch" }.map(\.message)
    }

    @Test func aPrimaryPixiOfOtherBitDepthsIsAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "primary-pixi-10-bits.heic" }).make()
        #expect(Self.messages(bad) == ["item 1: pixi says 3 channel(s) of [10, 10, 10] bits, hvcC codes 3 of [8, 8, 8] (chroma_format_idc 1)"])
    }

    @Test(.requires(.realFile("libheif-alpha-control.heic")))
    func libheifsOneChannelPixiOnAColourPrimaryPasses() throws {
        #expect(Self.messages(try TestData.realBytes("libheif-alpha-control.heic")).isEmpty)
    }
}
