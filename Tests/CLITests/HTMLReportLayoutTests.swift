import Foundation
import Testing
import TestSupport

/// The report's first view as a person sees it, measured in headless Chromium at 1400 pixels
/// wide: the depth or disparity over the photo (not a gain map), the photo and the map beside
/// it 480 pixels on their longer side and shown at that size, colour bar labels off the bar, long values folded, histograms
/// with axes, a flat map flagged on its picture; and `report` saying what it wrote, with the
/// exit code of `check`.
@Suite(.serialized) struct HTMLReportLayoutTests {
    struct Card: Decodable {
        let first: String?
        let photoWidth: Int
        let photoLongerSide: Int
        let photoNaturalWidth: Int
        let aloneWidth: Int
        let barOverlaps: Int
        let longUnfolded: Int
        let folded: Int
        let flat: Int
        let histogramAxes: Int
    }

    static func layout(_ report: String, _ s: Scratch) throws -> [Card] {
        let python = try #require(Tools.which("python3"))
        let r = try Tools.run(python, [TestData.packageRoot + "/Tests/Scripts/html_layout.py", report, s.path("")])
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONDecoder().decode([Card].self, from: Data(r.stdout))
    }

    @Test(.requires(.tool("chromium"), .realFile("apple-heic-depth-gainmap-ios16.heic"), .realFile("apple-jpeg-disparity-iphonex.jpg"),
                    .realFile("google-gdepth-lensblur.jpg")))
    func theFirstViewShowsTheDepthLargeAndReadable() throws {
        let s = try Scratch("report-first-view")
        defer { s.remove() }
        let files = ["apple-heic-depth-gainmap-ios16.heic", "apple-jpeg-disparity-iphonex.jpg", "google-gdepth-lensblur.jpg"].map(TestData.real)
        let out = s.path("r.html")
        let r = try Tools.depthcheck(["report"] + files + ["-o", out])
        #expect(r.status == 0)
        #expect(r.stderr == "depthcheck: wrote \(out): 3 files, 3 pass\n" || r.stderr == "wrote \(out): 3 files, 3 pass\n", "\(r.stderr)")
        let cards = try Self.layout(out, s)
        #expect(cards.map(\.first) == ["disparity", "disparity", "depth"])   // the HEIC's gain map is not first
        for c in cards {
            // Drawn 480 pixels on the longer side for a page of a few files, shown at the size
            // drawn (not stretched), the map alone as wide as the photo beside it.
            #expect(c.photoLongerSide == 480 && c.photoWidth == c.photoNaturalWidth && c.aloneWidth == c.photoWidth, "\(c)")
            #expect(c.barOverlaps == 0 && c.longUnfolded == 0, "\(c)")
            #expect(c.histogramAxes >= 1, "\(c)")
        }
        // The iPhone X's depthBlurEffect:RenderingParameters (base64) is folded.
        #expect(cards[1].folded >= 1)
    }

    @Test(.requires(.tool("chromium")))
    func aFlatMapIsFlaggedOnItsPictureWithPixels() throws {
        let s = try Scratch("report-flat")
        defer { s.remove() }
        let dir = TestData.corpus + "/bad/pixels.map.flat"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: dir).sorted().first { $0.hasSuffix(".jpg") || $0.hasSuffix(".heic") })
        let out = s.path("r.html")
        let r = try Tools.depthcheck(["report", "--pixels", dir + "/" + file, "-o", out])
        #expect(r.stderr.hasSuffix("wrote \(out): 1 file, 1 pass\n"), "\(r.stderr)")
        #expect(r.status == 0)   // a flat map is a warning
        let cards = try Self.layout(out, s)
        #expect(cards.first?.flat ?? 0 >= 1, "\(cards)")
        // Without --pixels too: the report decodes every map, so the pixel rules always run.
        let plain = s.path("p.html")
        #expect(try Tools.depthcheck(["report", dir + "/" + file, "-o", plain]).status == 0)
        #expect(try Self.layout(plain, s).first?.flat ?? 0 >= 1)
    }

    @Test func reportExitsAsCheckDoes() throws {
        let s = try Scratch("report-exit")
        defer { s.remove() }
        let bad = "Corpus/bad/matte.requires-depth/matte-without-disparity.jpg"
        let r = try Tools.depthcheck(["report", bad, "Corpus/good/jpeg-disparity.jpg", "-o", s.path("r.html")])
        #expect(r.status == 1)
        #expect(r.stderr == "wrote \(s.path("r.html")): 2 files, 1 pass, 1 fail\n")
        let missing = try Tools.depthcheck(["report", s.path("missing.jpg"), "-o", s.path("m.html")])
        #expect(missing.status == 3)
        #expect(missing.stderr.hasSuffix("wrote \(s.path("m.html")): 1 file, 0 pass, 1 unreadable\n"), "\(missing.stderr)")
    }
}
