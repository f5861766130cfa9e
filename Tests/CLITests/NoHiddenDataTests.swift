import Foundation
import Testing
import TestSupport

/// What the writers do with an aux image they cannot place or cannot remove: they refuse and
/// write nothing, rather than write a photo in which it can no longer be found.
@Suite struct NoHiddenDataTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"   // MP entry 2 (the disparity) at offset 607, big-endian

    /// The good JPEG with MP entry 2's offset 100 too large (707): the disparity image is still
    /// there at 607, but no entry reaches it.
    static func offBy100() throws -> [UInt8] {
        var b = try #require(FileBytes.read(TestData.packageRoot + "/" + jpeg))
        #expect(Array(b[120..<124]) == [0x00, 0x00, 0x02, 0x5F])
        b[122] = 0x02; b[123] = 0xC3
        return b
    }

    /// A roundtrip used to write the file without its MP index (dropping the entry it could
    /// not follow) and to list the offset rule as repaired, leaving the disparity unreachable.
    @Test func aRoundtripOfAnEntryThatReachesNoImageIsRefusedAndWritesNothing() throws {
        let s = try Scratch("roundtrip-off-by-100")
        defer { s.remove() }
        let input = s.path("off.jpg")
        #expect(FileBytes.write(try Self.offBy100(), to: input))
        let check = try Tools.depthcheck(["check", input])
        #expect(check.status == 1)
        #expect(check.text.contains("error structure.mpf.entry-offset-out-of-bounds at APP2#1/MPF/MPEntry[2] (offset 120): offset 707 + base 46 = 753 is not FF D8"))
        let out = s.path("out.jpg")
        let refusal = "depthcheck: \(input): MP entry 2 locates no image that can be read to its EOI (APP2#1/MPF/MPEntry[2] at offset 120)\n"
        let r = try Tools.depthcheck(["roundtrip", input, "-o", out])
        #expect(r.status == 3)
        #expect(r.stderr == refusal)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(s.names() == ["off.jpg"])
        let inMemory = try Tools.depthcheck(["roundtrip", input])
        #expect(inMemory.status == 3 && inMemory.stderr == refusal)
        // strip and embed go through the same writer.
        let strip = try Tools.depthcheck(["strip", input, "--all", "-o", out])
        #expect(strip.status != 0)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
