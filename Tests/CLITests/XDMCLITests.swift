import Foundation
import Testing
import TestSupport

/// XDM 1.0 through the commands, with ExifTool (which reads XDM's XMP as generic tags) as the
/// independent reader of the depth maps' base64 data.
@Suite struct XDMCLITests {
    @Test(.requires(.tool("exiftool")))
    func exiftoolFindsTheSameDepthMaps() throws {
        let s = try Scratch("xdm")
        defer { s.remove() }
        #expect(FileBytes.write(XDMFixture.photo(), to: s.path("x.jpg")))
        // -a: both cameras' DepthMap:Data, one a line (-s3; ExifTool shows the line breaks of
        // the base64 as dots, which base64 does not use). ExifTool leaves XDM's base64
        // undecoded and names the tag DepthMapData, or CamerasDepthMapData when another
        // namespace holds the Device prefix.
        let r = try Tools.run(try #require(Tools.which("exiftool")), ["-a", "-s3", "-DepthMapData", "-CamerasDepthMapData", s.path("x.jpg")])
        let texts = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map { $0.replacingOccurrences(of: ".", with: "") }
        let maps = texts.compactMap { Data(base64Encoded: $0).map { Array($0) } }
        #expect(maps == [XDMFixture.map0, XDMFixture.map1], "\(texts.map(\.count))")
        // depthcheck extracts the same 16-bit samples the PNGs hold.
        let x = try Tools.depthcheck(["extract", s.path("x.jpg"), "--all", "--as", "stored", "--format", "png", "-o", s.path("maps")])
        #expect(x.status == 0, "\(x.stderr)")
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: s.path("maps")))?.sorted() ?? []
        #expect(listed == ["x.2.depth.png", "x.3.depth.png"], "\(listed)")
        let c = try Tools.depthcheck(["check", "--pixels", s.path("x.jpg")])
        #expect(c.status == 0, "\(String(decoding: c.stdout, as: UTF8.self))")
    }
}
