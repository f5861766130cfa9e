import Testing
import TestSupport
import Validator

/// Bytes after the gain map metadata are an error from a writer of version 0 and room for a
/// later edition's fields otherwise, as libavif reads them (ISO 21496-1:2025 Annex C.2).
@Suite struct ToneMapExtraBytesTests {
    static func messages(_ bytes: [UInt8]) -> [String] {
        Validation.check(bytes: bytes, path: "t.heic", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "gainmap.tmap.extra-bytes" }.map(\.message)
    }

    @Test func extraBytesFromAVersionZeroWriterAreAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "tmap-extra-bytes-writer-0.heic" }).make()
        #expect(Self.messages(bad) == ["tmap item 5: 4 bytes follow the gain map metadata of writer_version 0"])
    }

    @Test func theGoodTmapPasses() {
        #expect(Self.messages(BadCorpus.heifGainMapGood).isEmpty)
    }
}
