import Foundation
import Testing
import TestSupport

/// What a newcomer meets first: extract takes the map people mean, the value rules are not
/// silently skipped, a folder or an empty walk is said plainly.
@Suite struct DefaultMapAndWalkTests {
    /// A gain map first (index 2) and a disparity map after it (index 3).
    static var gainMapThenDisparity: [UInt8] {
        JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                 secondaries: [UltraHDRFixture.gainMap(), JPEGFixture.disparityAux(images: 3)])
    }

    @Test func extractWithoutAuxTakesTheDepthOrDisparityMap() throws {
        let s = try Scratch("first-extract")
        defer { s.remove() }
        #expect(FileBytes.write(Self.gainMapThenDisparity, to: s.path("p.jpg")))
        let r = try Tools.depthcheck(["extract", s.path("p.jpg"), "--as", "stored", "-o", s.path("m.npy")])
        #expect(r.status == 0, "\(r.stderr)")
        let info = try Tools.depthcheck(["extract", s.path("p.jpg"), "--index", "3", "--as", "stored", "-o", s.path("d.npy")])
        #expect(info.status == 0)
        #expect(FileBytes.read(s.path("m.npy")) == FileBytes.read(s.path("d.npy")))
        // Only a gain map: refused, with what the file has.
        #expect(FileBytes.write(UltraHDRFixture.photo(), to: s.path("u.jpg")))
        let none = try Tools.depthcheck(["extract", s.path("u.jpg"), "-o", s.path("x.pfm")])
        #expect(none.status == 1)
        #expect(none.stderr == "depthcheck: \(s.path("u.jpg")) has no depth or disparity map; it has 2 (hdrGainMap); name one with --aux or --index\n")
        #expect(!FileBytes.exists(s.path("x.pfm")))
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func iPhoneHEICGivesItsDisparityNotItsGainMap() throws {
        let s = try Scratch("first-extract-real")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", TestData.real("apple-heic-depth-gainmap-ios16.heic"), "-o", s.path("x.pfm")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array((FileBytes.read(s.path("x.pfm")) ?? []).prefix(15)) == Array("Pf\n768 576\n-1.0".utf8))
    }

    /// Semantic mattes and no portrait matte: `--aux matte` names them; `--aux hair` takes one.
    @Test func semanticMattesAreNamed() throws {
        let s = try Scratch("first-mattes")
        defer { s.remove() }
        let file = "Corpus/good/writer-jpeg-disparity-fdis-o6-semantic.jpg"
        let r = try Tools.depthcheck(["extract", file, "--aux", "matte", "-o", s.path("m.png")])
        #expect(r.status == 1)
        #expect(r.stderr == "depthcheck: \(file) has no portrait matte but 5 semantic mattes: skin (3), hair (4), teeth (5), glasses (6), sky (7); "
                + "name one with --aux (hair, skin, teeth, glasses, sky) or --index\n")
        #expect(try Tools.depthcheck(["extract", file, "--aux", "hair", "--as", "stored", "-o", s.path("h.npy")]).status == 0)
        #expect(try Tools.depthcheck(["extract", file, "--index", "4", "--as", "stored", "-o", s.path("i.npy")]).status == 0)
        #expect(FileBytes.read(s.path("h.npy")) == FileBytes.read(s.path("i.npy")))
    }

    /// Without --pixels the value rules do not run, and check says so once; the report always
    /// runs them.
    @Test func valuesNotCheckedIsSaidAndTheReportRunsThePixelRules() throws {
        let s = try Scratch("first-pixels")
        defer { s.remove() }
        let flat = try #require(try FileManager.default.contentsOfDirectory(atPath: TestData.packageRoot + "/Corpus/bad/pixels.map.flat")
            .filter { $0.hasSuffix(".jpg") }.sorted().first)
        let path = "Corpus/bad/pixels.map.flat/" + flat
        let plain = try Tools.depthcheck(["check", path])
        #expect(plain.status == 0 && plain.stderr.hasSuffix("depthcheck: note: values not checked: 2 aux images not decoded; --pixels decodes them and runs the pixel rules\n"),
                "\(plain.stderr)")
        let pixels = try Tools.depthcheck(["check", "--pixels", path])
        #expect(!pixels.stderr.contains("values not checked") && pixels.text.contains("pixels.map.flat"))
        let report = try Tools.depthcheck(["report", path, "-o", s.path("r.html")])
        #expect(report.status == 0, "\(report.stderr)")
        let html = String(decoding: FileBytes.read(s.path("r.html")) ?? [], as: UTF8.self)
        #expect(html.contains("pixels.map.flat"))
    }

    @Test func anEmptyWalkFails() throws {
        let s = try Scratch("first-walk")
        defer { s.remove() }
        _ = try s.write("not a photo", to: "notes.txt")
        let empty = try Tools.depthcheck(["check", "-r", s.dir])
        #expect(empty.status == 2 && empty.stderr == "depthcheck: no JPEG or HEIF file under \(s.dir); nothing checked\n")
        let ext = try Tools.depthcheck(["check", "-r", "Corpus/good", "--ext", "xyz"])
        #expect(ext.status == 2 && ext.stderr == "depthcheck: no file with extension xyz under Corpus/good; nothing checked\n")
        let info = try Tools.depthcheck(["info", s.dir])
        #expect(info.status == 2 && info.stderr == "depthcheck: \(s.dir) is a directory; give -r to describe the files in it\n")
    }
}
