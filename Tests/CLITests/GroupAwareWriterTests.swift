import Foundation
import Testing
import TestSupport

/// `embed` into a photo with entity groups and `strip` of an ISO 21496-1 gain map, through the
/// binary: what is written passes `check --pixels` and other readers open it.
@Suite struct GroupAwareWriterTests {
    static let c050 = "nokia-C050-albc-group-properties.heic"
    static let gainMapKind = "hdrGainMap"

    /// A 16×12 (4:3, as C050's 1280×960 primary) binary PGM ramp.
    static func ramp() -> [UInt8] {
        Array("P5 16 12 255\n".utf8) + (0..<12).flatMap { y in (0..<16).map { x in UInt8(x * 15 + y) } }
    }

    /// C050's two `albc` groups have IDs 1013 and 1014 and its largest item ID is 1012: the
    /// new depth item and its XMP must take 1015 and 1016, or libheif reads the group's
    /// properties as the depth's ("No auxC property for image 1013").
    @Test(.requires(.conformanceFile(c050), .tool("heif-info")))
    func embedIntoC050TakesIDsNoGroupHasAndLibheifOpensIt() throws {
        let s = try Scratch("embed-c050")
        defer { s.remove() }
        let map = s.path("map.pgm")
        #expect(FileBytes.write(Self.ramp(), to: map))
        let out = s.path("out.heic")
        let r = try Tools.depthcheck(["embed", "--image", TestData.conformance(Self.c050), "--depth", map,
                                      "--znear", "0.5", "--zfar", "5", "-o", out])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        let info = try Tools.run(try #require(Tools.which("heif-info")), [out])
        #expect(info.status == 0, "\(info.text)\(info.stderr)")
        #expect(info.text.contains("depth channel: yes"))
        let json = try Tools.depthcheck(["info", "--json", out])
        let obj = try #require(Tools.infoRecord(json.stdout))
        let aux = try #require(obj["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["depth"])
        #expect(aux.map { $0["index"] as? Int } == [1015])
        let check = try Tools.depthcheck(["check", "--pixels", out])
        #expect(check.status == 0, "\(check.text)")
    }

    /// The gain map fixture (primary 1, disparity 2, gain map 4, tmap 5 = dimg [1, 4], XMP 6,
    /// altr 7 = [5, 1]): `strip --aux gainmap` takes items 4, 5 and 6 and the group.
    @Test func stripOfAnISOGainMapTakesItsToneMap() throws {
        let s = try Scratch("strip-tmap")
        defer { s.remove() }
        let input = s.path("gainmap.heic")
        #expect(FileBytes.write(BadCorpus.heifGainMapGood, to: input))
        let out = s.path("out.heic")
        let r = try Tools.depthcheck(["strip", input, "--aux", "gainmap", "-o", out])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        #expect(r.text == "\(out): removed \(Self.gainMapKind) [4]\n")
        let written = try #require(FileBytes.read(out))
        #expect(ByteSearch.offsets(of: Array("tmap".utf8), in: written).isEmpty)
        #expect(ByteSearch.offsets(of: Array("grpl".utf8), in: written).isEmpty)
        let check = try Tools.depthcheck(["check", "--pixels", out])
        #expect(check.status == 0, "\(check.text)")
        let json = try Tools.depthcheck(["info", "--json", out])
        let obj = try #require(Tools.infoRecord(json.stdout))
        #expect((obj["auxImages"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["disparity"])
    }

    @Test(.requires(.tool("heif-info")))
    func libheifOpensTheGainMapFixtureWithoutItsGainMap() throws {
        let s = try Scratch("strip-tmap-libheif")
        defer { s.remove() }
        let input = s.path("gainmap.heic")
        #expect(FileBytes.write(BadCorpus.heifGainMapGood, to: input))
        let out = s.path("out.heic")
        #expect(try Tools.depthcheck(["strip", input, "--aux", "gainmap", "-o", out]).status == 0)
        let info = try Tools.run(try #require(Tools.which("heif-info")), [out])
        #expect(info.status == 0, "\(info.text)\(info.stderr)")
        #expect(!info.text.contains("1 gain map") && !info.text.contains("tmap"))
    }
}
