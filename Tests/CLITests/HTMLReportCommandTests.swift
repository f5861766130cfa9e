import Foundation
import Testing
import TestSupport

/// `depthcheck report` / `check --format html`: the page for real files, a bad file and an
/// unreadable one parses, names nothing outside itself, and every picture is a PNG of the size
/// its element says; in headless Chromium every picture loads, the blend sliders move the
/// maps, and no script but the page's own runs.
@Suite(.serialized) struct HTMLReportCommandTests {
    struct Image: Decodable {
        let `class`: String?
        let width: String?
        let height: String?
        let decodedWidth: Int?
        let decodedHeight: Int?
        let format: String?
    }

    struct Page: Decodable {
        let errors: [String]
        let unclosed: [String]
        let external: [String]
        let images: [Image]
        let scripts: Int
        let decoder: String
    }

    static let badFile = "Corpus/bad/matte.requires-depth/matte-without-disparity.jpg"

    /// Writes the report of `files` and returns its path and depthcheck's result.
    static func report(_ s: Scratch, _ files: [String], name: String = "report.html") throws -> (path: String, result: Tools.Result) {
        let out = s.path(name)
        let r = try Tools.depthcheck(["report"] + files + ["-o", out])
        return (out, r)
    }

    static func inspect(_ html: String) throws -> Page {
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, [TestData.packageRoot + "/Tests/Scripts/html_check.py"], input: Array(html.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONDecoder().decode(Page.self, from: Data(r.stdout))
    }

    static var realFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: TestData.realCorpus))?
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".heic") }.sorted().map { TestData.realCorpus + "/" + $0 } ?? []
    }

    @Test(.requires(.realCorpus, .pillowHEIF))
    func pageForRealBadAndUnreadableFiles() throws {
        let s = try Scratch("html-report")
        defer { s.remove() }
        let files = Self.realFiles + [Self.badFile, s.path("missing.jpg")]
        let (path, r) = try Self.report(s, files)
        #expect(r.status == 3)   // one file unreadable
        let html = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
        let page = try Self.inspect(html)
        #expect(page.decoder == "Pillow")
        #expect(page.errors.isEmpty && page.unclosed.isEmpty, "\(page.errors) \(page.unclosed)")
        #expect(page.external.isEmpty, "\(page.external)")
        #expect(page.scripts == 1)
        #expect(html.components(separatedBy: "<article class=\"card\"").count == files.count + 1)
        // Every picture decodes to the size its element states.
        #expect(page.images.count >= 2 * 4)
        for image in page.images {
            // The photo is a JPEG; a map the smaller of its PNG and JPEG.
            #expect(image.class == "photo" ? image.format == "JPEG" : ["PNG", "JPEG"].contains(image.format), "\(image)")
            #expect(image.decodedWidth.map(String.init) == image.width && image.decodedHeight.map(String.init) == image.height,
                    "\(image)")
        }
        // The iPhone X card's colour bar spans its disparity, in 1/m.
        #expect(html.contains("0.651 1/m") && html.contains("2.51 1/m"))
        // The unreadable file has a card with its finding and no pictures.
        #expect(html.contains("data-verdict=\"unreadable\""))
    }

    @Test(.requires(.tool("chromium"), .tool("python3"), .realFile("apple-jpeg-disparity-iphonex.jpg")))
    func chromiumLoadsEveryPictureAndTheSlidersBlend() throws {
        let s = try Scratch("html-chromium")
        defer { s.remove() }
        let files = [TestData.real("apple-jpeg-disparity-iphonex.jpg"), TestData.real("apple-heic-depth-gainmap-ios16.heic"),
                     Self.badFile, s.path("missing.jpg")]
        let (path, _) = try Self.report(s, files)
        let python = try #require(Tools.which("python3"))
        let shot = s.path("screenshot.png")
        let r = try Tools.run(python, [TestData.packageRoot + "/Tests/Scripts/html_in_chromium.py", path, s.path(""),
                                       "--screenshot", shot])
        #expect(r.status == 0, "\(r.stderr)")
        let out = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        // The screenshot is a PNG of the window's size (1280×2000).
        let png = try #require(FileBytes.read(shot))
        #expect(png.count > 1000 && Array(png[12..<24]) == Array("IHDR".utf8) + [0, 0, 0x05, 0x00, 0, 0, 0x07, 0xD0])
        let result = try #require(out["result"] as? [String: Any], "the page's test hook did not report: \(r.text)")
        let images = try #require(result["images"] as? [[String: Any]])
        #expect(images.count >= 5)
        for image in images {
            let w = image["w"] as? Int ?? 0, h = image["h"] as? Int ?? 0
            #expect(w > 0 && h > 0, "\(image)")
            #expect(String(w) == image["aw"] as? String && String(h) == image["ah"] as? String, "\(image)")
        }
        let blends = try #require(result["blends"] as? [[String: Any]])
        #expect(blends.count >= 3)
        for b in blends {
            #expect(b["after"] as? String == "1", "\(b)")
            #expect(b["before"] as? String != "1", "\(b)")
            // The map moved last is the one shown alone beside the photo, named in its caption.
            #expect(b["alone"] as? Bool == true, "\(b)")
            // `aux image 2 (disparity)` is captioned `aux image 2: disparity alone`.
            let alt = try #require(b["alt"] as? String)
            #expect(b["caption"] as? String == alt.replacingOccurrences(of: " (", with: ": ").replacingOccurrences(of: ")", with: "") + " alone",
                    "\(b)")
        }
        // The filter: with "fail" picked, only the bad file's card is shown.
        #expect(result["cards"] as? Int == 4)
        #expect(result["shownWhenFail"] as? Int == 1)
        // A script the page's policy does not name was inserted into the copy: it did not run.
        #expect(result["pwned"] is NSNull)
    }

    /// An XMP value holding markup is shown as text, and the page still has one script.
    /// A photo without aux images: its card's figure holds the photo alone and says so, not
    /// "a map over it".
    /// A report always decodes: its help offers no `--pixels`, which it still takes.
    @Test func aReportOffersNoPixelsOption() throws {
        let report = try Tools.depthcheck(["report", "--help"]), check = try Tools.depthcheck(["check", "--help"])
        #expect(report.status == 0 && check.status == 0)
        #expect(!report.text.contains("  --pixels ") && check.text.contains("  --pixels "))
        #expect(report.text.contains("--require") && report.text.contains("--max-pixels"))
        let s = try Scratch("report-pixels")
        defer { s.remove() }
        let r = try Tools.depthcheck(["report", "--pixels", "Corpus/good/jpeg-disparity.jpg", "-o", s.path("r.html")])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aPhotoWithoutMapsIsCaptionedAsThePhoto() throws {
        let s = try Scratch("html-no-maps")
        defer { s.remove() }
        let original = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "o.jpg")
        #expect(try Tools.depthcheck(["strip", original, "--all", "-o", s.path("plain.jpg")]).status == 0)
        let (path, r) = try Self.report(s, [s.path("plain.jpg")])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try #require(FileBytes.text(path))
        #expect(html.contains("<figcaption>the photo</figcaption>") && !html.contains("a map over it"))
    }

    @Test(.requires(.pillowHEIF)) func markupInXMPIsEscaped() throws {
        let s = try Scratch("html-xmp")
        defer { s.remove() }
        let hostile = JPEGFixture.appleDisparityXMP.replacingOccurrences(
            of: "<depthData:Quality>high</depthData:Quality>",
            with: "<depthData:Quality>&lt;script&gt;alert(1)&lt;/script&gt;</depthData:Quality>")
        let aux = JPEGFixture.image([JPEGFixture.xmp(hostile), JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: 2))],
                                    body: JPEGFixture.gray16x12Body)
        let photo = s.path("hostile.jpg")
        #expect(FileBytes.write(JPEGFixture.multiPicture(secondaries: [aux]), to: photo))
        let (path, _) = try Self.report(s, [photo])
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        #expect(!html.contains("<script>alert(1)"))
        let page = try Self.inspect(html)
        #expect(page.scripts == 1)
    }

    /// The maps are drawn in the photo's display frame: an Orientation 6 JPEG (64×48 stored,
    /// disparity 16×12) and a HEIF whose primary and depth carry irot 270°.
    @Test(.requires(.pillowHEIF)) func mapsHaveTheDisplayedPhotosAspect() throws {
        let s = try Scratch("html-orientation")
        defer { s.remove() }
        let jpeg = s.path("orientation6.jpg")
        #expect(FileBytes.write(JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 6)],
                                                         secondaries: [JPEGFixture.disparityAux()]), to: jpeg))
        let heif = s.path("irot270.heic")
        let rotated = try #require(GoodCorpus.all.first { $0.name == "heif-irot-270-orientation-6.heic" })
        #expect(FileBytes.write(rotated.make(), to: heif))
        for (file, photo, map) in [(jpeg, (48, 64), (12, 16)), (heif, (0, 0), (0, 0))] {
            let (path, _) = try Self.report(s, [file], name: URL(fileURLWithPath: file).lastPathComponent + ".html")
            let page = try Self.inspect(try String(contentsOfFile: path, encoding: .utf8))
            let photos = page.images.filter { $0.class == "photo" }
            let maps = page.images.filter { $0.class == "map" }
            let m = try #require(maps.first)
            if photo.0 > 0 {
                let p = try #require(photos.first)
                #expect(p.decodedWidth == photo.0 && p.decodedHeight == photo.1)
                #expect(m.decodedWidth == map.0 && m.decodedHeight == map.1)
            } else {
                // The HEIF fixture's stored depth is landscape; irot 270 shows it in portrait.
                let w = try #require(m.decodedWidth), h = try #require(m.decodedHeight)
                #expect(h > w, "\(m)")
            }
        }
    }

    /// More than ten files: the pictures shrink to 240 pixels so the page stays light, and an
    /// index at the top lists every file with its verdict and aux images, linking to its card.
    @Test(.requires(.pillowHEIF, .realFile("apple-jpeg-disparity-iphonex.jpg")))
    func largeBatchesGetSmallPicturesAndAnIndex() throws {
        let s = try Scratch("html-many")
        defer { s.remove() }
        let source = TestData.real("apple-jpeg-disparity-iphonex.jpg")
        var files: [String] = []
        for i in 0..<11 {
            let p = s.path("photo-\(i).jpg")
            try FileManager.default.createSymbolicLink(atPath: p, withDestinationPath: source)
            files.append(p)
        }
        let (path, r) = try Self.report(s, files)
        #expect(r.status == 0)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let page = try Self.inspect(html)
        // The photo, its disparity over it and beside it.
        #expect(page.images.count == 11 * 3)
        // 3024×4032 and its 576×768 disparity, both 180×240 (480 pixels high for ten files or fewer).
        #expect(page.images.allSatisfy { $0.decodedWidth == 180 && $0.decodedHeight == 240 })
        // Shown at that size, not stretched to the page's width.
        #expect(html.components(separatedBy: "<div class=\"stack\" style=\"width:180px\">").count == 11 * 2 + 1)
        #expect(html.utf8.count <= 11 * 200_000, "\(html.utf8.count) bytes")
        for i in 0..<11 {
            #expect(html.contains("<tr data-verdict=\"pass\"><td><span class=\"verdict pass\">pass</span></td>"
                + "<td class=\"path\"><a href=\"#file-\(i)\">\(s.path("photo-\(i).jpg"))</a></td><td>disparity</td><td>0</td><td>0</td><td>1</td></tr>"))
            #expect(html.contains("<article class=\"card\" id=\"file-\(i)\""))
        }
    }

    /// The README's promise: a page stays under 200 KB a file, for each real file alone (480-pixel
    /// pictures; the iPhone portrait with seven aux images is the heaviest) and for all together.
    @Test(.requires(.realCorpus, .pillowHEIF, .fieldFile("apple-heic-portrait-semantic-mattes.heic")))
    func aPageStaysUnder200KBAFile() throws {
        let s = try Scratch("html-size")
        defer { s.remove() }
        let files = Self.realFiles + [TestData.field("apple-heic-portrait-semantic-mattes.heic")]
        for (k, f) in files.enumerated() {
            let (path, r) = try Self.report(s, [f], name: "one-\(k).html")
            #expect(r.status <= 1, "\(f): \(r.stderr)")
            let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(size <= 200_000, "\(f): \(size) bytes")
        }
        let (path, _) = try Self.report(s, files, name: "all.html")
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= files.count * 200_000, "\(size) bytes for \(files.count) files")
    }

    /// A primary that is its own derivation input (CrabbyAvif's white_iden_self.avif, which
    /// makes libheif 1.15 recurse until the stack is gone) is never handed to libheif: the
    /// card says why there is no picture of the photo, and the page is written.
    @Test func aPrimaryDerivedFromItselfIsNotDrawnAndDoesNotCrash() throws {
        let s = try Scratch("html-report-self-derived")
        defer { s.remove() }
        let (path, r) = try Self.report(s, ["Corpus/bad/structure.heif.derivation-input-invalid/primary-iden-of-itself.heic"])
        #expect(r.status == 1, "\(r.stderr)")
        let html = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
        #expect(html.contains("<p class=\"note\">the photo cannot be drawn here: its derived images are their own inputs, so it is not decoded</p>"))
        #expect(html.contains("item 5 is its own dimg input"))
    }
}
