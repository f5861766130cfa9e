import Foundation
import Testing
import TestSupport

/// A colour gain map through the commands: `extract` writes npy of shape (h, w, 3), an RGB
/// PNG and a colour PFM (`PF`); `info` gives statistics per channel; the report draws it in
/// colour; gainmap-audit finds the same gain map.
@Suite struct ColourGainMapCLITests {
    static func scratch() throws -> (Scratch, String) {
        let s = try Scratch("colour-gain-map")
        let input = s.path("u.jpg")
        #expect(FileBytes.write(UltraHDRFixture.colourPhoto(), to: input))
        return (s, input)
    }

    @Test func extractWritesThreeChannels() throws {
        let (s, input) = try Self.scratch()
        defer { s.remove() }
        // Stored samples in npy and PNG; PFM holds the values (a gain map's: 0…1).
        for (format, numbers) in [("npy", "stored"), ("png", "stored"), ("pfm", "native")] {
            let r = try Tools.depthcheck(["extract", input, "--aux", "gainmap", "--as", numbers, "--format", format, "-o", s.path("g.\(format)")])
            #expect(r.status == 0, "\(format): \(r.stderr)")
        }
        let npy = try #require(FileBytes.read(s.path("g.npy")))
        let header = String(decoding: npy[10..<Int(npy[8]) + 10], as: UTF8.self)
        #expect(header.hasPrefix("{'descr': '|u1', 'fortran_order': False, 'shape': (12, 16, 3), }"))
        #expect(npy.count == 128 + 16 * 12 * 3)
        let pfm = try #require(FileBytes.read(s.path("g.pfm")))
        #expect(Array(pfm.prefix(14)) == Array("PF\n16 12\n-1.0\n".utf8))
        #expect(pfm.count == 14 + 16 * 12 * 3 * 4)
        // PNG colour type 2 (RGB) at 8 bits: IHDR's bit depth and colour type.
        let png = try #require(FileBytes.read(s.path("g.png")))
        #expect(Array(png[16..<26]) == [0, 0, 0, 16, 0, 0, 0, 12, 8, 2])
        // The npy samples are the PFM's values × 255 (native values of a gain map: 0…1), rows
        // bottom first in the PFM.
        let samples = Array(npy[128...])
        for (y, x, c) in [(0, 0, 0), (0, 15, 0), (11, 0, 1), (5, 7, 2)] {
            let row = 11 - y
            let at = 14 + ((row * 16 + x) * 3 + c) * 4
            let f = Float(bitPattern: UInt32(pfm[at]) | UInt32(pfm[at + 1]) << 8 | UInt32(pfm[at + 2]) << 16 | UInt32(pfm[at + 3]) << 24)
            #expect(abs(f * 255 - Float(samples[(y * 16 + x) * 3 + c])) < 0.001)
        }
    }

    /// numpy and Pillow read what extract wrote as an (h, w, 3) array and an RGB picture
    /// holding the same samples.
    @Test(.requires(.pythonModules("numpy", "PIL")))
    func numpyAndPillowReadTheColourMap() throws {
        let (s, input) = try Self.scratch()
        defer { s.remove() }
        #expect(try Tools.depthcheck(["extract", input, "--aux", "gainmap", "--as", "stored", "--format", "npy", "-o", s.path("g.npy")]).status == 0)
        #expect(try Tools.depthcheck(["extract", input, "--aux", "gainmap", "--as", "stored", "--format", "png", "-o", s.path("g.png")]).status == 0)
        let r = try Tools.run(try #require(Tools.pyenvPython), ["-c", """
            import sys, numpy as np
            from PIL import Image
            a = np.load(sys.argv[1]); im = Image.open(sys.argv[2])
            print(a.shape, a.dtype, im.mode, im.size, bool((np.asarray(im) == a).all()))
            """, s.path("g.npy"), s.path("g.png")])
        #expect(String(decoding: r.stdout, as: UTF8.self) == "(12, 16, 3) uint8 RGB (16, 12) True\n", "\(r.stderr)")
    }

    @Test func infoGivesStatisticsPerChannel() throws {
        let (s, input) = try Self.scratch()
        defer { s.remove() }
        let r = try Tools.depthcheck(["info", "--json", input])
        let doc = try #require(Tools.infoRecord(r.stdout))
        let aux = try #require((doc["auxImages"] as? [[String: Any]])?.first)
        #expect(aux["kind"] as? String == "hdrGainMap" && aux["components"] as? Int == 3)
        let stats = try #require(aux["statistics"] as? [String: Any])
        let channels = try #require(stats["channels"] as? [[String: Any]])
        #expect(channels.count == 3)
        #expect(channels.allSatisfy { ($0["histogram"] as? [Int])?.reduce(0, +) == 192 })
        #expect((aux["values"] as? [String: Any])?["channels"] as? Int == 3)
        // Red is darkest at the left edge, blue at the right: their means are near 0.47.
        let means = channels.compactMap { $0["mean"] as? Double }
        #expect(means.count == 3 && means.allSatisfy { $0 > 0.3 && $0 < 0.7 })
        let text = String(decoding: try Tools.depthcheck(["info", input]).stdout, as: UTF8.self)
        #expect(text.contains("        channels:\n          red:\n") && text.contains("          blue:\n"))
    }

    /// The report's picture of the colour gain map is in colour: red and blue differ.
    @Test func reportDrawsTheColourGainMap() throws {
        let (s, input) = try Self.scratch()
        defer { s.remove() }
        let r = try Tools.depthcheck(["report", input, "-o", s.path("r.html")])
        #expect(r.status == 0, "\(r.stderr)")
        let html = String(decoding: try #require(FileBytes.read(s.path("r.html"))), as: UTF8.self)
        #expect(html.contains("red: min ") && html.contains("blue: min "))
        #expect(!html.contains("does not decode"))
    }
}
