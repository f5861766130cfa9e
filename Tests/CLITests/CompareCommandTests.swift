import Foundation
import FoundationXML
import Testing
import TestSupport

/// `depthcheck compare`: exports made as real pipelines make them (a byte copy, depthcheck's
/// own strip, embed --replace and roundtrip, Pillow re-saving, heif-convert, ExifTool removing
/// metadata or the trailer, pyultrahdr's Ultra HDR), each with its exact verdict, changes and
/// error figures; folders paired by name; the text, JSON and JUnit forms against goldens.
@Suite(.serialized) struct CompareCommandTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"
    static let heic = "Corpus/good/heif-disparity.heic"
    static let rich = "Corpus/good/writer-jpeg-depth-hdep-o8-matte-semantic.jpg"

    static func compare(_ arguments: [String], in dir: String) throws -> Tools.Result {
        try Tools.run(Tools.depthcheck, ["compare"] + arguments, directory: dir)
    }

    /// `rich` with its depth map multiplied by `factor`, written by embed --replace.
    static func scaledDepth(_ s: Scratch, factor: Float, to name: String) throws -> String {
        let source = try s.copy(rich, to: "scaled-source-\(name)")
        let pfm = s.path("depth-\(name).pfm")
        #expect(try Tools.depthcheck(["extract", source, "--aux", "depth", "-o", pfm]).status == 0)
        var bytes = try #require(Scratch.bytes(pfm))
        // PFM: three text lines ("Pf", "W H", the scale, negative for little-endian), then floats.
        var lines = 0, start = 0
        while lines < 3, start < bytes.count {
            if bytes[start] == 0x0A { lines += 1 }
            start += 1
        }
        var k = start
        while k + 4 <= bytes.count {
            let bits = UInt32(bytes[k]) | UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k + 2]) << 16 | UInt32(bytes[k + 3]) << 24
            let scaled = (Float(bitPattern: bits) * factor).bitPattern
            for b in 0..<4 { bytes[k + b] = UInt8(truncatingIfNeeded: scaled >> (8 * b)) }
            k += 4
        }
        #expect(FileBytes.write(bytes, to: pfm))
        let out = s.path(name)
        let r = try Tools.depthcheck(["embed", "--image", source, "--depth", pfm, "--replace", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    /// Originals O/ and exports E/: a byte copy (ok, by another case), a HEIC stripped of its
    /// disparity (stripped), a depth map scaled 1.5× (changed), an original with no export
    /// and an export with no original.
    static func folders(_ s: Scratch) throws {
        for d in ["O", "E"] { try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true) }
        _ = try s.copy(jpeg, to: "O/IMG_0001.jpg")
        _ = try s.copy(heic, to: "O/img_0002.heic")
        _ = try s.copy(rich, to: "O/img_0003.jpg")
        _ = try s.copy(jpeg, to: "O/img_0004.jpg")
        _ = try s.copy(jpeg, to: "E/img_0001.JPG")
        #expect(try Tools.depthcheck(["strip", s.path("O/img_0002.heic"), "--all", "-o", s.path("E/IMG_0002.heic")]).status == 0)
        let scaled = try scaledDepth(s, factor: 1.5, to: "scaled.jpg")
        try FileManager.default.moveItem(atPath: scaled, toPath: s.path("E/img_0003.jpg"))
        _ = try s.copy(jpeg, to: "E/extra.jpg")
        _ = try s.write("not a photo", to: "E/notes.txt")
    }

    static func golden(_ name: String, _ text: String) throws {
        let path = TestData.corpus + "/golden/" + name
        if ProcessInfo.processInfo.environment["DEPTHCHECK_UPDATE_GOLDEN"] == "1" {
            #expect(FileBytes.write(Array(text.utf8), to: path))
        }
        let golden = try #require(FileBytes.text(path), "missing golden \(name)")
        #expect(text == golden, "\(name) differs from the CLI's output:\n\(text)")
    }

    @Test func foldersArePairedByStemAndEachPairJudged() throws {
        let s = try Scratch("compare-folders")
        defer { s.remove() }
        try Self.folders(s)
        let text = try Self.compare(["O", "E"], in: s.dir)
        #expect(text.status == 1, "\(text.stderr)")
        try Self.golden("compare.txt", text.text)
        let json = try Self.compare(["O", "E", "--format", "json"], in: s.dir)
        #expect(json.status == 1)
        try Self.golden("compare.json", json.text)
        let junit = try Self.compare(["O", "E", "--format", "junit"], in: s.dir)
        #expect(junit.status == 1)
        try Self.golden("compare.junit.xml", junit.text)
        let root = try #require(try XMLDocument(data: Data(junit.stdout)).rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "5" && root.attribute(forName: "failures")?.stringValue == "3")
        // The scaled depth: every sample half again as far, far beyond two 8-bit steps.
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let pairs = try #require(doc["pairs"] as? [[String: Any]])
        #expect(pairs.map { $0["verdict"] as? String } == ["ok", "stripped", "changed", "unpaired-original", "unpaired-export"])
        let depth = try #require((pairs[2]["auxImages"] as? [[String: Any]])?.first)
        #expect(depth["kind"] as? String == "depth" && depth["change"] as? String == "changed" && depth["units"] as? String == "m")
        #expect(depth["beyondTolerance"] as? Double == 1)
        let p99 = try #require(depth["p99Error"] as? Double), tolerance = try #require(depth["tolerance"] as? Double)
        #expect(p99 > 10 * tolerance, "\(p99) \(tolerance)")
        // JSON Lines: the same pairs, a line each.
        let lines = try Self.compare(["O", "E", "--format", "jsonl"], in: s.dir)
        #expect(lines.text.split(separator: "\n").count == 5)
    }

    @Test func failOnChangesWhatFailsTheRun() throws {
        let s = try Scratch("compare-fail-on")
        defer { s.remove() }
        try Self.folders(s)
        #expect(try Self.compare(["O", "E", "--fail-on", "error"], in: s.dir).status == 0)
        #expect(try Self.compare(["O", "E", "--fail-on", "unpaired-export"], in: s.dir).status == 1)
        let bad = try Self.compare(["O", "E", "--fail-on", "lost"], in: s.dir)
        #expect(bad.status == 2 && bad.stderr.contains("--fail-on lost: not a verdict"), "\(bad.stderr)")
    }

    /// Camera counters repeat across year folders: with -r, files are paired by their path
    /// relative to each folder first, then by name; a HEIC and a JPEG of one shot share a key,
    /// which is ambiguous and fails the run; without -r and only subfolders, nothing is
    /// compared, which is a usage error with the hint.
    @Test func relativePathsPairFirstAndAmbiguousKeysFail() throws {
        let s = try Scratch("compare-relpath")
        defer { s.remove() }
        for d in ["O/2024", "O/2025", "E/2024"] {
            try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true)
        }
        _ = try s.copy(Self.jpeg, to: "O/2024/a.jpg")
        _ = try s.copy(Self.jpeg, to: "O/2025/a.jpg")
        _ = try s.copy(Self.jpeg, to: "E/2024/A.jpg")
        let expected = """
            ok                O/2024/a.jpg → E/2024/A.jpg
            unpaired-original O/2025/a.jpg → -
            2 pairs: 1 ok, 1 unpaired-original

            """
        for match in ["stem", "relpath"] {
            let r = try Self.compare(["O", "E", "-r", "--match", match], in: s.dir)
            #expect(r.text == expected && r.status == 1, "\(match): \(r.text)")
        }
        // Without -r, only the files directly in each folder: none here.
        let flat = try Self.compare(["O", "E"], in: s.dir)
        #expect(flat.status == 2 && flat.stdout.isEmpty)
        #expect(flat.stderr == "depthcheck: no JPEG or HEIF file in O; its subfolders are walked with -r; nothing compared\n", "\(flat.stderr)")
        // The same shot as HEIC and JPEG: one relative path, two originals; then by name, the
        // three originals called `a` share one export.
        _ = try s.copy(Self.heic, to: "O/2024/a.heic")
        let twice = try Self.compare(["O", "E", "-r"], in: s.dir)
        #expect(twice.text == """
            ambiguous         O/2024/a.heic → -
              the same key as O/2024/a.jpg, O/2025/a.jpg, E/2024/A.jpg
            ambiguous         O/2024/a.jpg → -
              the same key as O/2024/a.heic, O/2025/a.jpg, E/2024/A.jpg
            ambiguous         O/2025/a.jpg → -
              the same key as O/2024/a.heic, O/2024/a.jpg, E/2024/A.jpg
            3 pairs: 3 ambiguous

            """, "\(twice.text)")
        let byPath = try Self.compare(["O", "E", "-r", "--match", "relpath"], in: s.dir)
        #expect(byPath.text == """
            ambiguous         O/2024/a.heic → -
              the same key as O/2024/a.jpg, E/2024/A.jpg
            ambiguous         O/2024/a.jpg → -
              the same key as O/2024/a.heic, E/2024/A.jpg
            unpaired-original O/2025/a.jpg → -
            3 pairs: 1 unpaired-original, 2 ambiguous

            """, "\(byPath.text)")
        #expect(twice.status == 1)
        #expect(try Self.compare(["O", "E", "-r", "--fail-on", "changed"], in: s.dir).status == 0)
    }

    /// Two empty folders compare nothing: a usage error, not a pass.
    @Test func emptyFoldersAreAUsageError() throws {
        let s = try Scratch("compare-empty")
        defer { s.remove() }
        for d in ["O", "E"] { try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true) }
        _ = try s.write("not a photo", to: "O/notes.txt")
        let r = try Self.compare(["O", "E", "-r"], in: s.dir)
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr == "depthcheck: no JPEG or HEIF file in O; nothing compared\n", "\(r.stderr)")
    }

    @Test func depthchecksOwnWritersGiveTheirVerdicts() throws {
        let s = try Scratch("compare-own")
        defer { s.remove() }
        let original = try s.copy(Self.rich, to: "o.jpg")
        _ = try s.copy(Self.rich, to: "copy.jpg")
        #expect(try Tools.depthcheck(["strip", original, "--aux", "matte", "-o", s.path("nomatte.jpg")]).status == 0)
        #expect(try Tools.depthcheck(["roundtrip", original, "-o", s.path("rt.jpg")]).status == 0)
        _ = try Self.scaledDepth(s, factor: 1.0, to: "same.jpg")
        _ = try Self.scaledDepth(s, factor: 1.001, to: "tenth.jpg")
        _ = try Self.scaledDepth(s, factor: 1.01, to: "onepercent.jpg")
        let copy = try Self.compare(["o.jpg", "copy.jpg"], in: s.dir)
        #expect(copy.status == 0 && copy.text == "ok                o.jpg → copy.jpg\n1 pair: 1 ok\n", "\(copy.text)")
        let stripped = try Self.compare(["o.jpg", "nomatte.jpg"], in: s.dir)
        #expect(stripped.status == 1)
        // strip --aux matte takes every matte: the portrait matte and the semantic ones.
        #expect(stripped.text == "stripped          o.jpg → nomatte.jpg\n  lost     portraitEffectsMatte 16×12 (index 3)\n"
                + "  lost     semanticMatte (hair) 16×12 (index 4)\n  lost     semanticMatte (skin) 16×12 (index 5)\n1 pair: 1 stripped\n",
                "\(stripped.text)")
        #expect(try Self.compare(["o.jpg", "rt.jpg"], in: s.dir).text == "ok                o.jpg → rt.jpg\n1 pair: 1 ok\n")
        // The same values written again through an 8-bit map: within two steps.
        let same = try Self.compare(["o.jpg", "same.jpg", "--format", "json"], in: s.dir)
        #expect(same.status == 0, "\(same.text)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(same.stdout)) as? [String: Any])
        #expect(doc["verdict"] as? String == "ok")
        let depth = try #require((doc["auxImages"] as? [[String: Any]])?.first { $0["kind"] as? String == "depth" })
        #expect(depth["change"] as? String == "kept")
        let tolerance = try #require(depth["tolerance"] as? Double)
        #expect(try #require(depth["p99Error"] as? Double) <= tolerance)
        // 0.1 % farther: within two 8-bit steps; 1 % farther (up to 4 cm at 4 m): beyond them,
        // and within a tolerance of 2 % of the range.
        #expect(try Self.compare(["o.jpg", "tenth.jpg"], in: s.dir).status == 0)
        let percent = try Self.compare(["o.jpg", "onepercent.jpg"], in: s.dir)
        #expect(percent.status == 1 && percent.text.hasPrefix("changed           o.jpg → onepercent.jpg\n  changed  depth 16×12 (index 2): p99 "),
                "\(percent.text)")
        #expect(try Self.compare(["o.jpg", "onepercent.jpg", "--tolerance", "2%"], in: s.dir).status == 0)
    }

    @Test(.requires(.tool("exiftool")))
    func exiftoolRemovingTheTrailerStripsTheDepth() throws {
        let s = try Scratch("compare-exiftool")
        defer { s.remove() }
        let original = try s.copy(Self.jpeg, to: "o.jpg")
        for (args, out) in [(["-trailer:all="], "t.jpg"), (["-all="], "a.jpg")] {
            let r = try Tools.run(try #require(Tools.which("exiftool")), ["-q"] + args + [original, "-o", s.path(out)])
            #expect(r.status == 0, "\(r.stderr)")
            let c = try Self.compare(["o.jpg", out], in: s.dir)
            #expect(c.status == 1)
            #expect(c.text == "stripped          o.jpg → \(out)\n  lost     disparity 16×12 (index 2)\n1 pair: 1 stripped\n", "\(c.text)")
        }
    }

    @Test(.requires(.tool("heif-convert")))
    func heifConvertToJPEGLosesTheAuxImagesAndPairsAcrossExtensions() throws {
        let s = try Scratch("compare-heif-convert")
        defer { s.remove() }
        for d in ["O", "E"] { try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true) }
        let original = try s.copy(Self.heic, to: "O/IMG_0001.HEIC")
        let r = try Tools.run(try #require(Tools.which("heif-convert")), ["-q", "90", original, s.path("E/img_0001.jpg")])
        #expect(r.status == 0, "\(r.stderr)")
        let c = try Self.compare(["O", "E"], in: s.dir)
        #expect(c.text == "stripped          O/IMG_0001.HEIC → E/img_0001.jpg\n  lost     disparity 16×12 (index 2)\n1 pair: 1 stripped\n",
                "\(c.text)")
    }

    @Test(.requires(.pythonModules("PIL")))
    func pillowResavingDropsTheMultiPictureImages() throws {
        let s = try Scratch("compare-pillow")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "o.jpg")
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, ["-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).save(sys.argv[2], quality=100)",
                                       s.path("o.jpg"), s.path("p.jpg")])
        #expect(r.status == 0, "\(r.stderr)")
        let c = try Self.compare(["o.jpg", "p.jpg"], in: s.dir)
        #expect(c.text == "stripped          o.jpg → p.jpg\n  lost     disparity 16×12 (index 2)\n1 pair: 1 stripped\n", "\(c.text)")
    }

    /// pyultrahdr's Ultra HDR JPEG, its trailer removed by ExifTool: the primary still
    /// declares the gain map, which is gone: orphaned, not merely lost.
    @Test(.requires(.pythonModules("sdr_to_hdr", "numpy"), .tool("exiftool")))
    func anUltraHDRWithoutItsTrailerIsOrphaned() throws {
        let s = try Scratch("compare-ultrahdr")
        defer { s.remove() }
        let python = try #require(Tools.pyenvPython)
        let made = try Tools.run(python, ["-c", UltraHDRFixture.pyultrahdrScript, s.path("u.jpg")])
        #expect(made.status == 0, "\(made.stderr)")
        let cut = try Tools.run(try #require(Tools.which("exiftool")), ["-q", "-trailer:all=", s.path("u.jpg"), "-o", s.path("t.jpg")])
        #expect(cut.status == 0, "\(cut.stderr)")
        let c = try Self.compare(["u.jpg", "t.jpg"], in: s.dir)
        #expect(c.status == 1)
        #expect(c.text == """
            orphaned          u.jpg → t.jpg
              orphaned hdrGainMap 64×48 (index 2)
                       the export declares a gain map but holds none
            1 pair: 1 orphaned

            """, "\(c.text)")
        #expect(try Self.compare(["u.jpg", "u.jpg"], in: s.dir).text == "ok                u.jpg → u.jpg\n1 pair: 1 ok\n")
    }

    @Test func requestsThatCannotBeComparedSaySo() throws {
        let s = try Scratch("compare-usage")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "o.jpg")
        try FileManager.default.createDirectory(atPath: s.path("D"), withIntermediateDirectories: true)
        let mixed = try Self.compare(["o.jpg", "D"], in: s.dir)
        #expect(mixed.status == 2 && mixed.stderr == "depthcheck: compare two files or two folders, not a file with a folder\n", "\(mixed.stderr)")
        let missing = try Self.compare(["o.jpg", "gone.jpg"], in: s.dir)
        #expect(missing.status == 3 && missing.stderr == "depthcheck: cannot read gone.jpg: no such file or directory\n", "\(missing.stderr)")
        let tolerance = try Self.compare(["o.jpg", "o.jpg", "--tolerance=-1"], in: s.dir)
        #expect(tolerance.status == 2 && tolerance.stderr.contains("--tolerance -1: give auto, a non-negative number"), "\(tolerance.stderr)")
        _ = try s.write("not a photo", to: "n.jpg")
        let unreadable = try Self.compare(["o.jpg", "n.jpg"], in: s.dir)
        #expect(unreadable.status == 1)
        #expect(unreadable.text.hasPrefix("error             o.jpg → n.jpg\n  the export cannot be read: "), "\(unreadable.text)")
    }

    /// The HTML page: one self-contained page, the original's map, the export's and their
    /// difference for each map compared on both sides, every picture the size its element
    /// says; written with -o under the rule every command follows.
    @Test(.requires(.pythonModules("PIL")))
    func theHTMLPageShowsBothMapsAndTheirDifference() throws {
        let s = try Scratch("compare-html")
        defer { s.remove() }
        try Self.folders(s)
        let r = try Self.compare(["O", "E", "--format", "html", "-o", "c.html"], in: s.dir)
        #expect(r.status == 1)
        #expect(r.stderr == "wrote c.html: 5 pairs: 1 ok, 1 stripped, 1 changed, 1 unpaired-original, 1 unpaired-export\n", "\(r.stderr)")
        let html = try #require(FileBytes.text(s.path("c.html")))
        let page = try HTMLReportCommandTests.inspect(html)
        #expect(page.errors.isEmpty && page.unclosed.isEmpty && page.external.isEmpty && page.scripts == 0, "\(page)")
        // Three pictures for the copy's disparity (16×12), three for each of the four maps of
        // the photo whose depth was scaled (Exif Orientation 8: shown 12×16).
        #expect(page.images.count == 15)
        #expect(page.images.prefix(3).allSatisfy { $0.decodedWidth == 16 && $0.decodedHeight == 12 }, "\(page.images)")
        #expect(page.images.dropFirst(3).allSatisfy { $0.decodedWidth == 12 && $0.decodedHeight == 16 }, "\(page.images)")
        #expect(page.images.allSatisfy { $0.decodedWidth.map(String.init) == $0.width }, "\(page.images)")
        #expect(html.contains("<figcaption>depth: difference (red: beyond the tolerance)</figcaption>"))
        #expect(html.contains("<article class=\"card\" id=\"pair-2\">\n<h2><span class=\"verdict changed\">CHANGED</span>"))
        let again = try Self.compare(["O", "E", "--format", "html", "-o", "c.html"], in: s.dir)
        #expect(again.status == 2 && again.stderr == "depthcheck: c.html exists; not replaced without --force\n", "\(again.stderr)")
        let input = try Self.compare(["O/IMG_0001.jpg", "E/img_0001.JPG", "-o", "O/IMG_0001.jpg", "--force"], in: s.dir)
        #expect(input.status == 2 && input.stderr.hasPrefix("depthcheck: refusing to write to O/IMG_0001.jpg: it is one of the inputs"), "\(input.stderr)")
    }

    /// ImageMagick and libvips re-saving and resizing a depth JPEG, and libvips converting a
    /// HEIC: none keeps the multi-picture images or the aux items.
    @Test(.requires(.tool("convert"), .tool("vips")))
    func imageMagickAndLibvipsDropTheDepth() throws {
        let s = try Scratch("compare-magick-vips")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "o.jpg")
        _ = try s.copy(Self.heic, to: "o.heic")
        let convert = try #require(Tools.which("convert")), vips = try #require(Tools.which("vips"))
        let runs: [(String, [String], String, String)] = [
            (convert, ["o.jpg", "-quality", "95", "magick.jpg"], "o.jpg", "magick.jpg"),
            (convert, ["o.jpg", "-resize", "50%", "magick-half.jpg"], "o.jpg", "magick-half.jpg"),
            (vips, ["copy", "o.jpg", "vips.jpg[Q=95]"], "o.jpg", "vips.jpg"),
            (vips, ["resize", "o.jpg", "vips-half.jpg[Q=95]", "0.5"], "o.jpg", "vips-half.jpg"),
            (vips, ["copy", "o.heic", "vips-heic.jpg[Q=90]"], "o.heic", "vips-heic.jpg"),
        ]
        for (tool, args, original, export) in runs {
            let made = try Tools.run(tool, args, directory: s.dir)
            #expect(made.status == 0, "\(args): \(made.stderr)")
            let c = try Self.compare([original, export], in: s.dir)
            #expect(c.status == 1)
            #expect(c.text == "stripped          \(original) → \(export)\n  lost     disparity 16×12 (index 2)\n1 pair: 1 stripped\n", "\(c.text)")
        }
    }

    /// depthcheck's embed with a map of half the size: the size is named and the values,
    /// resampled, are beyond the tolerance; a map turned half a turn and embedded without
    /// --orient is changed; the map given back in the display frame with --orient lines up as
    /// before and keeps its values.
    @Test(.requires(.pythonModules("numpy")))
    func aResizedMapChangesAndAnOrientedOneIsKept() throws {
        let s = try Scratch("compare-resized")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "o.jpg")
        _ = try s.copy(Self.rich, to: "r.jpg")
        #expect(try Tools.depthcheck(["extract", s.path("o.jpg"), "-o", s.path("d.npy")]).status == 0)
        #expect(try Tools.depthcheck(["extract", s.path("r.jpg"), "--aux", "depth", "--orient", "-o", s.path("shown.npy")]).status == 0)
        let python = try #require(Tools.pyenvPython)
        let half = try Tools.run(python, ["-c", """
            import sys, numpy as np
            d = np.load(sys.argv[1])
            np.save(sys.argv[2], d.reshape(6, 2, 8, 2).mean(axis=(1, 3)).astype(np.float32))
            """, s.path("d.npy"), s.path("half.npy")])
        #expect(half.status == 0, "\(half.stderr)")
        #expect(try Tools.depthcheck(["embed", "--image", s.path("o.jpg"), "--disparity", s.path("half.npy"), "--replace",
                                      "-o", s.path("half.jpg")]).status == 0)
        let resized = try Self.compare(["o.jpg", "half.jpg"], in: s.dir)
        #expect(resized.status == 1)
        #expect(resized.text.hasPrefix("changed           o.jpg → half.jpg\n  changed  disparity 16×12 (index 2): p99 "), "\(resized.text)")
        #expect(resized.text.contains("\n           size 16×12 → 8×6\n"), "\(resized.text)")
        // The same map turned half a turn and embedded as it is: every value in the wrong place.
        let turned = try Tools.run(python, ["-c", "import sys, numpy as np; np.save(sys.argv[2], np.load(sys.argv[1])[::-1, ::-1].copy())",
                                            s.path("d.npy"), s.path("turned.npy")])
        #expect(turned.status == 0, "\(turned.stderr)")
        #expect(try Tools.depthcheck(["embed", "--image", s.path("o.jpg"), "--disparity", s.path("turned.npy"), "--replace",
                                      "-o", s.path("turned.jpg")]).status == 0)
        let rotated = try Self.compare(["o.jpg", "turned.jpg"], in: s.dir)
        #expect(rotated.status == 1 && rotated.text.hasPrefix("changed           o.jpg → turned.jpg\n  changed  disparity 16×12 (index 2): p99 "),
                "\(rotated.text)")
        let embed = try Tools.depthcheck(["embed", "--image", s.path("r.jpg"), "--depth", s.path("shown.npy"), "--orient", "--replace",
                                          "-o", s.path("oriented.jpg")])
        #expect(embed.status == 0, "\(embed.stderr)")
        let oriented = try Self.compare(["r.jpg", "oriented.jpg", "--format", "json"], in: s.dir)
        #expect(oriented.status == 0, "\(oriented.text)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(oriented.stdout)) as? [String: Any])
        let depth = try #require((doc["auxImages"] as? [[String: Any]])?.first { $0["kind"] as? String == "depth" })
        #expect(depth["change"] as? String == "kept" && (depth["differences"] as? [String])?.isEmpty == true, "\(depth)")
    }
}
