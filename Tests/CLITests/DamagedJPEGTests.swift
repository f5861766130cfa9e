import Foundation
import Testing
import TestSupport

/// A camera JPEG whose second APP1 segment (XMP) is two bytes shorter than what was written:
/// the packet's trailer `?>` stands where the next marker belongs. djpeg decodes it with
/// "Corrupt JPEG data: 2 extraneous bytes before marker 0xdb" and ExifTool reads it; depthcheck
/// reads it too, and names the damage at its offset instead of calling the file unreadable.
@Suite struct DamagedJPEGTests {
    static let name = "jpeg-stray-bytes-before-marker.jpg"

    @Test(.requires(.conformanceFile(name))) func strayBytesAreOneFindingAndTheRestIsRead() throws {
        let r = try Tools.depthcheck(["check", "--format", "json", TestData.conformance(Self.name)])
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(file["verdict"] as? String == "fail")
        let primary = try #require(file["primary"] as? [String: Any])
        #expect(primary["width"] as? Int == 2048 && primary["height"] as? Int == 1536)
        let findings = try #require(file["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["structure.jpeg.extraneous-bytes"])
        #expect(findings.first?["offset"] as? Int == 9258)
        #expect(findings.first?["path"] as? String == "APP1#2")
        #expect(findings.first?["severity"] as? String == "error")
    }

    /// djpeg agrees on where the damage is: two bytes, before the DQT marker.
    @Test(.requires(.conformanceFile(name), .tool("djpeg"))) func djpegReportsTheSameTwoBytes() throws {
        let r = try Tools.run(try #require(Tools.which("djpeg")), ["-outfile", "/dev/null", TestData.conformance(Self.name)])
        #expect(r.stderr.contains("2 extraneous bytes before marker 0xdb"))
        let bytes = try TestData.conformanceBytes(Self.name)
        #expect(Array(bytes[9258..<9262]) == [0x3F, 0x3E, 0xFF, 0xDB])
    }
}
