import Foundation
import Testing
import TestSupport

/// Leia's LIF trailer: the views and disparity maps its JSON names are listed, decoded and
/// extracted as stored; removing one is refused, the trailer being kept whole.
@Suite struct LeiaTrailerTests {
    @Test func itsDisparityMapAndOtherViewAreListed() throws {
        let s = try Scratch("leia-lif")
        defer { s.remove() }
        let primary = TrailerFixture.primary()
        let (trailer, view, disparity) = TrailerFixture.leiaLIFWithDisparity()
        let path = s.path("3d.jpg")
        #expect(FileBytes.write(primary + trailer, to: path))
        let r = try Tools.depthcheck(["info", "--json", path])
        #expect(r.status == 0, "\(r.stderr)")
        let aux = try #require(Tools.infoRecord(r.stdout)?["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["disparity", "view"])
        #expect(aux.map { $0["index"] as? Int } == [2, 3])
        #expect(aux.map { $0["auxType"] as? String } == ["LIF:disparity", "LIF:albedo"])
        #expect(aux.map { $0["width"] as? Int } == [16, 64] && aux.map { $0["height"] as? Int } == [12, 48])
        // Fields: count (4), type 0 (8 + 4), the view's header (8), the view, the map's header (8).
        let viewAt = primary.count + 4 + 12 + 8
        #expect(aux.map { $0["offset"] as? Int } == [viewAt + view.count + 8, viewAt])
        let out = s.path("disparity.jpg")
        #expect(try Tools.depthcheck(["extract", path, "--aux", "disparity", "--format", "coded", "-o", out]).status == 0)
        #expect(FileBytes.read(out) == disparity)
        let check = try Tools.depthcheck(["check", "--pixels", path])
        #expect(check.status == 0, "\(check.text)")
        let strip = try Tools.depthcheck(["strip", "--aux", "disparity", path, "-o", s.path("stripped.jpg")])
        #expect(strip.status != 0 && strip.stderr.contains("Leia LIF"), "\(strip.stderr)")
        #expect(FileBytes.read(s.path("stripped.jpg")) == nil)
    }

    /// The Lume Pad photo of the field corpus: its right view, 1280×800, is listed; its JSON
    /// names no disparity map.
    @Test(.requires(.fieldFile("leia-lif-trailer.jpg")))
    func theLumePadPhotosRightViewIsListed() throws {
        let r = try Tools.depthcheck(["info", "--json", "--no-pixels", TestData.field("leia-lif-trailer.jpg")])
        let aux = try #require(Tools.infoRecord(r.stdout)?["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["view"])
        #expect(aux.first?["offset"] as? Int == 537_186)
        #expect(aux.first?["width"] as? Int == 1280 && aux.first?["height"] as? Int == 800)
    }
}
