import Foundation
import Testing
import TestSupport

/// A stereo MPO through the commands, with ExifTool as the independent reader of its MP
/// Attribute IFDs.
@Suite struct MPOViewCLITests {
    @Test func infoListsTheViewAndExtractTakesIt() throws {
        let s = try Scratch("mpo-view")
        defer { s.remove() }
        #expect(FileBytes.write(MPOFixture.stereo(), to: s.path("s.mpo")))
        let info = try Tools.depthcheck(["info", "--json", s.path("s.mpo")])
        let doc = try #require(Tools.infoRecord(info.stdout))
        let aux = try #require((doc["auxImages"] as? [[String: Any]])?.first)
        #expect(aux["kind"] as? String == "view" && aux["index"] as? Int == 2 && aux["width"] as? Int == 64)
        let meta = (aux["metadata"] as? [String: Any]) ?? [:]
        #expect(meta["MPImageType"] as? String == "Multi-frame Disparity (0x020002)")
        let x = try Tools.depthcheck(["extract", s.path("s.mpo"), "--aux", "view", "--as", "stored", "--format", "npy", "-o", s.path("v.npy")])
        #expect(x.status == 0, "\(x.stderr)")
        #expect(FileBytes.read(s.path("v.npy"))?.count == 128 + 64 * 48)
    }

    @Test(.requires(.tool("exiftool")))
    func exiftoolReadsTheSameAttributes() throws {
        let s = try Scratch("mpo-exiftool")
        defer { s.remove() }
        #expect(FileBytes.write(MPOFixture.stereo(), to: s.path("s.mpo")))
        // -ee: ExifTool reads the second image's own MPF segment as embedded document 2.
        let r = try Tools.run(try #require(Tools.which("exiftool")), ["-ee", "-j", "-n", "-G3:1", "-MPF:all", s.path("s.mpo")])
        let doc = try #require((try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [[String: Any]])?.first, "\(r.stderr)")
        #expect(doc["Doc2:MPF0:MPIndividualNum"] as? Int == 2)
        #expect(doc["Doc2:MPF0:BaseViewpointNum"] as? Int == 1)
        #expect(doc["Doc2:MPF0:ConvergenceAngle"] as? Double == -0.1)
        #expect(doc["Doc2:MPF0:BaselineLength"] as? Double == 0.077)
        #expect(doc["MPImage2:MPImageType"] as? Int == 0x020002)
        // depthcheck's reading of the same values.
        let info = try Tools.depthcheck(["info", "--json", s.path("s.mpo")])
        let ours = try #require(Tools.infoRecord(info.stdout))
        let meta = try #require((ours["auxImages"] as? [[String: Any]])?.first?["metadata"] as? [String: Any])
        #expect(meta["MPIndividualNum"] as? String == "2" && meta["BaseViewpointNum"] as? String == "1")
        #expect(meta["ConvergenceAngle"] as? String == "-0.1" && meta["BaselineLength"] as? String == "0.077")
    }
}
