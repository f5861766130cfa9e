import Foundation
import Testing
import TestSupport

/// What the writers do to a gain map: `strip --aux gainmap` takes the image and every
/// declaration of it out, so nothing is left orphaned; `embed` and `roundtrip` keep it where
/// the MP index and the GContainer directory find it.
@Suite struct GainMapWriterTests {
    static let d = Tools.depthcheck

    static func check(_ path: String) throws -> [String: Any] {
        let r = try Tools.run(d, ["check", "--format", "jsonl", path])
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
    }

    static func kinds(_ record: [String: Any]) -> [String] {
        ((record["auxImages"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String }
    }

    @Test(arguments: ["mpf", "iso", "no-mpf"])
    func stripLeavesNoGainMapAndNoDeclaration(_ form: String) throws {
        let s = try Scratch("strip-gainmap-\(form)")
        defer { s.remove() }
        let photo = form == "iso" ? UltraHDRFixture.photo(iso: true) : UltraHDRFixture.photo(mpf: form != "no-mpf")
        #expect(FileBytes.write(photo, to: s.path("u.jpg")))
        let r = try Tools.run(Self.d, ["strip", s.path("u.jpg"), "--aux", "gainmap", "-o", s.path("out.jpg")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == s.path("out.jpg") + ": removed hdrGainMap [2]\n", "\(r.text)")
        let out = try #require(Scratch.bytes(s.path("out.jpg")))
        let text = String(decoding: out, as: Unicode.ASCII.self)
        for trace in ["hdrgm", "Container:Directory", "urn:iso:std:iso:ts:21496"] { #expect(!text.contains(trace), "\(trace) left") }
        #expect(ByteSearch.offsets(of: UltraHDRFixture.gainMap(iso: form == "iso"), in: out).isEmpty)
        let record = try Self.check(s.path("out.jpg"))
        #expect(record["verdict"] as? String == "pass" && Self.kinds(record).isEmpty, "\(record)")
    }

    /// Embedding depth keeps the gain map second, where the directory's lengths and the MP
    /// index find it; with no MP index the gain map stays right after the primary.
    @Test(arguments: ["mpf", "no-mpf"])
    func embedKeepsTheGainMapReachable(_ form: String) throws {
        let s = try Scratch("embed-ultrahdr-\(form)")
        defer { s.remove() }
        #expect(FileBytes.write(UltraHDRFixture.photo(mpf: form == "mpf"), to: s.path("u.jpg")))
        _ = try s.write("P5 16 12 255\n" + String(repeating: "A", count: 16 * 12), to: "m.pgm")
        let r = try Tools.run(Self.d, ["embed", "--image", s.path("u.jpg"), "--depth", s.path("m.pgm"), "--znear", "0.5", "--zfar", "4",
                                       "-o", s.path("out.jpg")])
        #expect(r.status == 0, "\(r.stderr)")
        let record = try Self.check(s.path("out.jpg"))
        #expect(record["verdict"] as? String == "pass", "\(record)")
        #expect((record["findings"] as? [[String: Any]])?.isEmpty == true, "\(record)")
        #expect(Self.kinds(record).sorted() == ["depth", "hdrGainMap"])
        // The gain map's bytes follow the primary's EOI unchanged.
        let out = try #require(Scratch.bytes(s.path("out.jpg")))
        let map = UltraHDRFixture.gainMap()
        let at = ByteSearch.offsets(of: map, in: out)
        #expect(at.count == 1)
        let gm = try #require((record["auxImages"] as? [[String: Any]])?.first { $0["kind"] as? String == "hdrGainMap" })
        #expect(gm["offset"] as? Int == at.first)
    }

    @Test func roundtripKeepsTheGainMap() throws {
        let s = try Scratch("roundtrip-ultrahdr")
        defer { s.remove() }
        #expect(FileBytes.write(UltraHDRFixture.photo(iso: true), to: s.path("u.jpg")))
        let r = try Tools.run(Self.d, ["roundtrip", s.path("u.jpg"), "-o", s.path("out.jpg")])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        let record = try Self.check(s.path("out.jpg"))
        #expect(Self.kinds(record) == ["hdrGainMap"] && record["verdict"] as? String == "pass", "\(record)")
    }

    @Test func requireGainmapIsAValue() throws {
        let s = try Scratch("require-gainmap")
        defer { s.remove() }
        #expect(FileBytes.write(UltraHDRFixture.photo(), to: s.path("u.jpg")))
        #expect(try Tools.run(Self.d, ["check", "--require", "gainmap", s.path("u.jpg")]).status == 0)
        let plain = try Tools.run(Self.d, ["check", "--require", "gainmap", TestData.packageRoot + "/Corpus/good/jpeg-disparity.jpg"])
        #expect(plain.status == 1 && plain.text.contains("error structure.aux.required-missing: no gainmap image (required by --require gainmap)"),
                "\(plain.text)")
    }
}
