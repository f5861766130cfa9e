import Container
import Foundation
import Testing
import TestSupport

/// Dynamic Depth items are read from the primary's EOI on (Dynamic Depth 1.0, Container), so
/// `embed` keeps them there and writes the MPF aux image after them: the primary, the items
/// byte for byte, then the new image, with entry 2's offset past the items. (A portrait matte
/// is the aux image added: the Dynamic Depth map is the photo's depth.)
@Suite struct DynamicDepthEmbedTests {
    @Test func embedIntoADynamicDepthJPEGKeepsItsItemsAfterThePrimary() throws {
        let s = try Scratch("dd-embed")
        defer { s.remove() }
        let bytes = try #require(GoodCorpus.all.first { $0.name == "jpeg-dynamic-depth.jpg" }).make()
        let input = s.path("dd.jpg"), map = s.path("map.pgm"), out = s.path("out.jpg"), back = s.path("back.jpg")
        #expect(FileBytes.write(bytes, to: input))
        // 64×48 photo: a 4×3 map has its aspect ratio.
        #expect(FileBytes.write(Array("P5 4 3 255\n".utf8) + (0..<12).map { UInt8($0 * 20) }, to: map))
        let inputFile = try JPEG.File(parsing: bytes)
        let items = try #require(inputFile.trailingBytes)
        #expect(items == 2_462..<(2_462 + 2 * 230))
        let r = try Tools.depthcheck(["embed", "--image", input, "--matte", map, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileBytes.read(input) == bytes)

        let written = try #require(FileBytes.read(out))
        let file = try JPEG.File(parsing: written)
        // The primary grew by its APP2 MPF segment; its EOI is followed by the items, unchanged.
        let primaryEnd = try #require(file.images.first?.end)
        #expect(file.primaryEndScanned == false)
        #expect(file.images.count == 2)
        #expect(file.afterPrimary == primaryEnd..<(primaryEnd + items.count))
        #expect(Array(written[primaryEnd..<(primaryEnd + items.count)]) == Array(bytes[items]))
        #expect(file.images[1].start == primaryEnd + items.count)
        #expect(file.trailingBytes == nil)

        // The photo passes its own check, pixels included, and the Directory still fits.
        let check = try Tools.depthcheck(["check", "--pixels", "--format", "json", out])
        #expect(check.status == 0, "\(String(decoding: check.stdout, as: UTF8.self))")
        let json = String(decoding: check.stdout, as: UTF8.self)
        #expect(json.contains("\"google.dynamic-depth.items-out-of-bounds\""))
        #expect(!json.contains("\"ruleId\":\"google.dynamic-depth.items-out-of-bounds\""))
        // Taking the matte out again gives the input back, byte for byte.
        let strip = try Tools.depthcheck(["strip", "--aux", "matte", out, "-o", back])
        #expect(strip.status == 0, "\(strip.stderr)")
        #expect(FileBytes.read(back) == bytes)
    }

    /// ExifTool finds the new image through the index, past the items.
    @Test(.requires(.tool("exiftool"))) func exifToolReadsTheImageAfterTheItems() throws {
        let s = try Scratch("dd-embed-exiftool")
        defer { s.remove() }
        let bytes = try #require(GoodCorpus.all.first { $0.name == "jpeg-dynamic-depth.jpg" }).make()
        let input = s.path("dd.jpg"), map = s.path("map.pgm"), out = s.path("out.jpg")
        #expect(FileBytes.write(bytes, to: input))
        #expect(FileBytes.write(Array("P5 4 3 255\n".utf8) + (0..<12).map { UInt8($0 * 20) }, to: map))
        #expect(try Tools.depthcheck(["embed", "--image", input, "--matte", map, "-o", out]).status == 0)
        let written = try #require(FileBytes.read(out))
        let file = try JPEG.File(parsing: written)
        let aux = try #require(file.images.last)
        let start = try #require(aux.start), end = try #require(aux.end)
        let e = try Tools.run(try #require(Tools.which("exiftool")), ["-b", "-MPImage2", out])
        #expect(e.status == 0)
        #expect(e.stdout == Array(written[start..<end]))
    }
}
