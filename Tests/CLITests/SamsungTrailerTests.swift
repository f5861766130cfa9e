import Foundation
import Testing
import TestSupport

/// Samsung's SEF trailer: its directory is read, an entry that points outside the trailer is a
/// warning, a DualShot depth map is listed and decoded, and writing keeps the trailer whole.
@Suite struct SamsungTrailerTests {
    static func record(_ path: String, pixels: Bool = false) throws -> [String: Any] {
        let r = try Tools.depthcheck(["check", "--format", "json", path] + (pixels ? ["--pixels"] : []))
        let record = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        return try #require((record["files"] as? [[String: Any]] ?? [record]).first)
    }

    /// Media3's motion photo cut for a test: both entries point about 2.1 MB before the file.
    @Test(.requires(.incomingFile("samsung-sef-directory-out-of-bounds.jpg")))
    func entriesBeforeTheFileAreWarnings() throws {
        let r = try Tools.depthcheck(["check", TestData.incoming("samsung-sef-directory-out-of-bounds.jpg")])
        #expect(r.status == 0, "\(r.text)")
        #expect(r.text.contains("  warning structure.jpeg.samsung-entry-out-of-bounds at SEFH/entry[1] (offset 22895): entry 1 (type 0x0A01) points 2146994 bytes before the start of the file\n"), "\(r.text)")
        #expect(r.text.contains("  warning structure.jpeg.samsung-entry-out-of-bounds at SEFH/entry[2] (offset 22907): entry 2 (type 0x0A30) points 2146959 bytes before the start of the file\n"), "\(r.text)")
    }

    @Test func aDualShotDepthMapIsListedAndDecoded() throws {
        let s = try Scratch("samsung-dualshot")
        defer { s.remove() }
        let primary = TrailerFixture.primary()
        let (trailer, samples) = TrailerFixture.samsungDualShot()
        let path = s.path("live-focus.jpg")
        #expect(FileBytes.write(primary + trailer, to: path))
        let file = try Self.record(path, pixels: true)
        let findings = file["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { "\($0["severity"] ?? "") \($0["rule"] ?? "")" } == ["note structure.jpeg.trailing-data"], "\(findings)")
        let aux = try #require(file["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["depth"])
        #expect(aux.first?["auxType"] as? String == "Samsung:DualShot_DepthMap_1")
        #expect(aux.first?["width"] as? Int == 20 && aux.first?["height"] as? Int == 15)
        // The block's data follow its 4-byte header, name length and 19-byte name.
        #expect(aux.first?["offset"] as? Int == primary.count + 8 + 19)
        let out = s.path("depth.raw")
        let x = try Tools.depthcheck(["extract", path, "--format", "coded", "-o", out])
        #expect(x.status == 0, "\(x.text)")
        #expect(FileBytes.read(out) == samples)
        let png = s.path("depth.png")
        #expect(try Tools.depthcheck(["extract", path, "--as", "stored", "-o", png]).status == 0)
        #expect(FileBytes.read(png)?.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// ExifTool reads the same block and the same size from DualShot_Extra_Info.
    @Test(.requires(.tool("exiftool")))
    func exifToolReadsTheSameDepthMap() throws {
        let s = try Scratch("samsung-dualshot-exiftool")
        defer { s.remove() }
        let (trailer, samples) = TrailerFixture.samsungDualShot()
        let path = s.path("live-focus.jpg")
        #expect(FileBytes.write(TrailerFixture.primary() + trailer, to: path))
        let exiftool = try #require(Tools.which("exiftool"))
        #expect(try Tools.run(exiftool, ["-b", "-DepthMapData", path]).stdout == samples)
        let size = try Tools.run(exiftool, ["-s3", "-DepthMapWidth", "-DepthMapHeight", path]).text
        #expect(size == "20\n15\n")
    }

    /// Embedding a depth map into a Samsung photo keeps the trailer byte for byte at the end of
    /// the file, where its back-offsets still find every block.
    @Test func embeddingKeepsTheTrailerWhole() throws {
        let s = try Scratch("samsung-embed")
        defer { s.remove() }
        let (trailer, _) = TrailerFixture.samsungDualShot(depth: false)
        let input = s.path("photo.jpg"), map = s.path("depth.pfm"), out = s.path("out.jpg")
        #expect(FileBytes.write(TrailerFixture.primary() + trailer, to: input))
        #expect(FileBytes.write(AndroidDepthTests.pfm(AndroidDepthTests.depths, width: 16, height: 12), to: map))
        let r = try Tools.depthcheck(["embed", "--image", input, "--depth", map, "--layout", "dynamic-depth", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let written = try #require(FileBytes.read(out))
        #expect(Array(written.suffix(trailer.count)) == trailer)
        let file = try Self.record(out)
        let findings = (file["findings"] as? [[String: Any]] ?? []).filter { ($0["severity"] as? String) != "note" }
        #expect(findings.isEmpty, "\(findings)")
        #expect((file["auxImages"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["depth", "confidence"])
    }

    /// Stripping a DualShot depth map would mean writing Samsung's directory again: refused,
    /// nothing written, the reason named.
    @Test func strippingADualShotDepthMapIsRefused() throws {
        let s = try Scratch("samsung-strip")
        defer { s.remove() }
        let input = s.path("live-focus.jpg"), out = s.path("out.jpg")
        #expect(FileBytes.write(TrailerFixture.primary() + TrailerFixture.samsungDualShot().trailer, to: input))
        let r = try Tools.depthcheck(["strip", "--aux", "depth", input, "-o", out])
        #expect(r.status != 0)
        #expect(FileBytes.read(out) == nil)
        #expect(r.stderr.contains("Samsung"), "\(r.stderr)")
    }
}
