import Foundation
import Testing
import TestSupport

/// Dynamic Depth items are read from the primary's EOI on (Dynamic Depth 1.0, Container), so
/// `embed` does not put an MPF aux image there: it refuses, names why and writes nothing.
@Suite struct DynamicDepthEmbedTests {
    @Test func embedIntoADynamicDepthJPEGIsRefusedAndTheFileKept() throws {
        let s = try Scratch("dd-embed")
        defer { s.remove() }
        let bytes = try #require(GoodCorpus.all.first { $0.name == "jpeg-dynamic-depth.jpg" }).make()
        let input = s.path("dd.jpg"), map = s.path("map.pgm"), out = s.path("out.jpg")
        #expect(FileBytes.write(bytes, to: input))
        // 64×48 photo: a 4×3 map has its aspect ratio.
        #expect(FileBytes.write(Array("P5 4 3 255\n".utf8) + (0..<12).map { UInt8($0 * 20) }, to: map))
        let r = try Tools.depthcheck(["embed", "--image", input, "--depth", map, "--znear", "1", "--zfar", "9", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refused (google.dynamic-depth.items-out-of-bounds): \(input) is a Dynamic Depth JPEG whose 2 Container items follow the primary's EOI, where an MPF aux image would go; nothing written\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(FileBytes.read(input) == bytes)
        #expect(try Tools.depthcheck(["check", "--pixels", input]).status == 0)
    }
}
