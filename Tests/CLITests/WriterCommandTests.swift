import Foundation
import Testing
import TestSupport

/// `embed`, `strip` and `roundtrip`: what they write is read back by depthcheck and by
/// independent readers (ExifTool, djpeg, Pillow, libheif's heif-info, pillow-heif), and what
/// they refuse leaves no file behind.
@Suite struct WriterCommandTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"   // 64×48 primary with a disparity map
    static let heic = "Corpus/good/heif-disparity.heic"  // 64×48 primary with a disparity item

    /// A binary PGM whose samples are `f(x, y)`.
    static func pgm(_ w: Int, _ h: Int, _ f: (Int, Int) -> UInt8) -> [UInt8] {
        Array("P5 \(w) \(h) 255\n".utf8) + (0..<h).flatMap { y in (0..<w).map { x in f(x, y) } }
    }

    /// Samples of a binary 8-bit PGM (what djpeg -pnm writes for a gray JPEG).
    static func pgmSamples(_ b: [UInt8]) -> (Int, Int, [UInt8])? {
        var fields: [Int] = [], i = 2
        while fields.count < 3, i < b.count {
            while i < b.count, b[i] <= 0x20 { i += 1 }
            var v = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { v = v * 10 + Int(b[i] - 0x30); i += 1 }
            fields.append(v)
        }
        guard fields.count == 3, i + 1 <= b.count else { return nil }
        return (fields[0], fields[1], Array(b[(i + 1)...]))
    }

    /// FloatMin/FloatMax of the first aux image `info --json` lists with that kind.
    static func floatRange(_ path: String, kind: String) throws -> (Double, Double) {
        let r = try Tools.depthcheck(["info", "--json", path])
        let json = try #require(Tools.infoRecord(r.stdout))
        let aux = try #require((json["auxImages"] as? [[String: Any]])?.first { $0["kind"] as? String == kind })
        let meta = try #require(aux["metadata"] as? [String: Any])
        let lo = try #require((meta["apdi:FloatMinValue"] as? String).flatMap(Double.init))
        let hi = try #require((meta["apdi:FloatMaxValue"] as? String).flatMap(Double.init))
        return (lo, hi)
    }

    // MARK: - roundtrip

    @Test(arguments: [jpeg, heic])
    func roundtripOfAGoodFileFindsNoDifference(_ file: String) throws {
        let r = try Tools.depthcheck(["roundtrip", file])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        #expect(r.text.contains("same photo"))
    }

    @Test(.requires(.realCorpus))
    func roundtripOfEveryRealFileFindsNoDifference() throws {
        for name in TestData.realFiles(endingIn: ".jpg") + TestData.realFiles(endingIn: ".heic") {
            let r = try Tools.depthcheck(["roundtrip", TestData.real(name)])
            #expect(r.status == 0, "\(name): \(r.text)\(r.stderr)")
        }
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func roundtripRepairsTheWrongPrimarySizeOfAniPhoneXFile() throws {
        let s = try Scratch("roundtrip-repair")
        defer { s.remove() }
        let out = s.path("fixed.jpg")
        let r = try Tools.depthcheck(["roundtrip", TestData.real("apple-jpeg-disparity-iphonex.jpg"), "-o", out])
        #expect(r.status == 0)
        #expect(r.text.contains("repaired: structure.mpf.entry-size-mismatch"))
        let check = try Tools.depthcheck(["check", "--format", "json", out])
        #expect(check.status == 0)
        #expect(!check.text.contains("structure.mpf.entry-size-mismatch\", \"severity"))
        // An existing OUT is kept without --force; the input is never the output.
        let before = Scratch.bytes(out)
        let again = try Tools.depthcheck(["roundtrip", TestData.real("apple-jpeg-disparity-iphonex.jpg"), "-o", out])
        #expect(again.status == 2 && again.stderr == "depthcheck: \(out) exists; not replaced without --force\n")
        #expect(Scratch.bytes(out) == before)
        let forced = try Tools.depthcheck(["roundtrip", TestData.real("apple-jpeg-disparity-iphonex.jpg"), "-o", out, "--force"])
        #expect(forced.status == 0 && Scratch.bytes(out) == before)
        let onItself = try Tools.depthcheck(["roundtrip", out, "-o", out, "--force"])
        #expect(onItself.status == 2 && onItself.stderr.contains("it is one of the inputs"))
    }

    // MARK: - embed into JPEG

    @Test(.requires(.tool("exiftool"), .tool("djpeg")))
    func embeddedJPEGMapsComeBackWithinTheQuantisationStep() throws {
        let s = try Scratch("embed-jpeg")
        defer { s.remove() }
        var rng = SeededGenerator(seed: 13)
        let formats = [("--disparity", "hdis", "disparity"), ("--disparity", "fdis", "disparity"),
                       ("--depth", "hdep", "depth"), ("--depth", "fdep", "depth")]
        for (n, (flag, format, kind)) in formats.enumerated() {
            let w = 4 * (2 + rng.below(15)), h = w * 3 / 4   // no more pixels than the 64×48 photo
            let zn = 0.2 + Double(rng.below(100)) / 100, zf = zn + 0.5 + Double(rng.below(900)) / 100
            let phase = rng.below(256)
            let map = Self.pgm(w, h) { x, y in UInt8((x * 3 + y * 5 + phase) % 256) }
            let mapPath = s.path("map\(n).pgm")
            #expect(FileBytes.write(map, to: mapPath))
            let out = s.path("out\(n).jpg")
            let r = try Tools.depthcheck(["embed", "--image", Self.jpeg, flag, mapPath, "--znear", "\(zn)", "--zfar", "\(zf)",
                                          "--format", format, "--replace", "-o", out])
            #expect(r.status == 0, "seed 13 case \(n): \(r.stderr)")
            let check = try Tools.depthcheck([out])
            #expect(check.status == 0 && check.text.contains("0 errors, 0 warnings, 0 notes"), "\(check.text)")
            // ExifTool lists both MPF images and the apdi values.
            let et = try Tools.run(try #require(Tools.which("exiftool")), ["-a", "-G3:1", "-ee", out])
            #expect(et.text.contains("Number Of Images                : 2"))
            #expect(et.text.contains("Native Format") && et.text.contains("Auxiliary Image Type            : \(kind)"))
            // djpeg decodes the aux stream ExifTool extracts; each value is the input's within
            // half a step plus two code values (JPEG at quality 100).
            let aux = try Tools.run(try #require(Tools.which("exiftool")), ["-b", "-MPImage2", out])
            let decoded = try Tools.run(try #require(Tools.which("djpeg")), ["-pnm"], input: aux.stdout)
            let (dw, dh, samples) = try #require(Self.pgmSamples(decoded.stdout))
            #expect(dw == w && dh == h)
            let (lo, hi) = try Self.floatRange(out, kind: kind)
            let step = (hi - lo) / 255
            var worst = 0.0
            for (k, v) in samples.enumerated() {
                let d = zn + Double(map[map.count - w * h + k]) / 255 * (zf - zn)
                let expected = kind == "depth" ? d : 1 / d
                worst = max(worst, abs(lo + Double(v) * step - expected) / step)
            }
            #expect(worst <= 2.5, "case \(n): \(worst) steps")
        }
    }

    @Test(.requires(.pillowHEIF))
    func pillowOpensAWrittenJPEGAsAnMPOAndDecodesEveryFrame() throws {
        let s = try Scratch("embed-mpo")
        defer { s.remove() }
        let map = s.path("d.pgm"), matte = s.path("m.pgm"), out = s.path("out.jpg")
        #expect(FileBytes.write(Self.pgm(64, 48) { x, y in UInt8(x + y) }, to: map))
        #expect(FileBytes.write(Self.pgm(64, 48) { x, _ in x > 30 ? 255 : 0 }, to: matte))
        let r = try Tools.depthcheck(["embed", "--image", Self.jpeg, "--disparity", map, "--znear", "1", "--zfar", "3",
                                      "--matte", matte, "--replace", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let py = try #require(Tools.pyenvPython)
        let script = "from PIL import Image\nimport sys\nim = Image.open(sys.argv[1])\nprint(im.format, im.n_frames)\n"
            + "for k in range(im.n_frames):\n    im.seek(k); im.load(); print(im.size, im.mode)\n"
        let p = try Tools.run(py, ["-c", script, out])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.text == "MPO 3\n(64, 48) RGB\n(64, 48) L\n(64, 48) L\n")
    }

    // MARK: - embed into HEIC

    @Test(.requires(.pillowHEIF, .tool("heif-info")))
    func embeddedHEICDepthIsLosslessForPillowHEIFAndLibheif() throws {
        let s = try Scratch("embed-heic")
        defer { s.remove() }
        var rng = SeededGenerator(seed: 21)
        for n in 0..<2 {
            let w = 4 * (3 + rng.below(14)), h = w * 3 / 4  // any size up to the 64×48 photo's, odd heights among them
            let zn = 0.3 + Double(rng.below(50)) / 100, zf = zn + 1 + Double(rng.below(500)) / 100
            let map = Self.pgm(w, h) { x, y in UInt8((x * 7 + y * 3 + n) % 256) }
            let mapPath = s.path("map\(n).pgm"), out = s.path("out\(n).heic")
            #expect(FileBytes.write(map, to: mapPath))
            let r = try Tools.depthcheck(["embed", "--image", Self.heic, "--disparity", mapPath, "--znear", "\(zn)",
                                          "--zfar", "\(zf)", "--replace", "-o", out])
            try #require(r.status == 0, "seed 21 case \(n): \(r.stderr)")
            let check = try Tools.depthcheck([out])
            #expect(check.status == 0 && check.text.contains("0 errors, 0 warnings, 0 notes"), "\(check.text)")
            let (lo, hi) = try Self.floatRange(out, kind: "disparity")
            let info = try Tools.run(try #require(Tools.which("heif-info")), [out])
            #expect(info.text.contains("depth channel: yes"))
            #expect(info.text.contains(String(format: "d-min:  %.6f", lo)) && info.text.contains(String(format: "d-max:  %.6f", hi)))
            let script = """
                import sys, numpy as np, pillow_heif
                f = pillow_heif.open_heif(sys.argv[1])
                d = f.info["depth_images"][0]
                m = d.info["metadata"]
                a = np.asarray(d)
                print(repr(m["d_min"]), repr(m["d_max"]), a.shape[1], a.shape[0])
                sys.stdout.write(" ".join(str(int(v)) for v in a.flatten()))
                """
            let p = try Tools.run(try #require(Tools.pyenvPython), ["-c", script, out])
            try #require(p.status == 0, "\(p.stderr)")
            let lines = p.text.split(separator: "\n", maxSplits: 1).map(String.init)
            let head = lines[0].split(separator: " ").map(String.init)
            #expect(Double(head[0]) == lo && Double(head[1]) == hi)
            #expect(head[2] == "\(w)" && head[3] == "\(h)")
            let samples = lines[1].split(separator: " ").compactMap { Int($0) }
            #expect(samples.count == w * h)
            let step = (hi - lo) / 255
            var worst = 0.0
            for (k, v) in samples.enumerated() {
                let expected = 1 / (zn + Double(map[map.count - w * h + k]) / 255 * (zf - zn))
                worst = max(worst, abs(lo + Double(v) * step - expected) / step)
            }
            #expect(worst <= 0.5 + 1e-6, "case \(n): \(worst) steps: lossless HEVC keeps the quantised samples")
        }
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic"), .realFile("apple-jpeg-disparity-iphonex.jpg")))
    func replacingTheDepthOfRealiPhoneFilesKeepsTheRest() throws {
        let s = try Scratch("embed-real")
        defer { s.remove() }
        let landscape = s.path("l.pgm"), portrait = s.path("p.pgm")
        #expect(FileBytes.write(Self.pgm(96, 72) { x, y in UInt8(x + y) }, to: landscape))
        #expect(FileBytes.write(Self.pgm(72, 96) { x, y in UInt8(x + y) }, to: portrait))
        for (name, map) in [("apple-heic-depth-gainmap-ios16.heic", landscape), ("apple-jpeg-disparity-iphonex.jpg", portrait)] {
            let out = s.path("out-" + name)
            let r = try Tools.depthcheck(["embed", "--image", TestData.real(name), "--disparity", map, "--znear", "0.5",
                                          "--zfar", "5", "--replace", "-o", out])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let check = try Tools.depthcheck(["check", out])
            #expect(check.status == 0 && check.text.contains("0 errors"), "\(check.text)")
            let before = try Tools.depthcheck(["info", TestData.real(name)]).text
            let after = try Tools.depthcheck(["info", out]).text
            // Every other aux image (the HEIC's gain map) and its metadata is still there.
            for word in ["hdrGainMap", "HDRGainMap:HDRGainMapVersion"] where before.contains(word) {
                #expect(after.contains(word))
            }
            #expect(after.contains("disparity") && after.contains("width: 96") || after.contains("width: 72"))
        }
    }

    // MARK: - refusals

    @Test func refusalsNameTheRuleAndWriteNothing() throws {
        let s = try Scratch("embed-refusals")
        defer { s.remove() }
        let good = s.path("d.pgm"), square = s.path("square.pgm"), matte = s.path("m.pgm")
        #expect(FileBytes.write(Self.pgm(64, 48) { x, _ in UInt8(x) }, to: good))
        #expect(FileBytes.write(Self.pgm(50, 50) { x, _ in UInt8(x) }, to: square))
        #expect(FileBytes.write(Self.pgm(64, 48) { _, _ in 255 }, to: matte))
        let out = s.path("out.jpg")
        let plain = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "photo.jpg")
        // A photo without depth: strip it first.
        let stripped = s.path("nodepth.jpg")
        let st = try Tools.depthcheck(["strip", plain, "--aux", "disparity", "-o", stripped])
        #expect(st.status == 0, "\(st.stderr)")
        let cases: [([String], String)] = [
            (["embed", "--image", stripped, "--matte", matte, "-o", out],
             "refused (matte.requires-depth): a portrait effects matte needs a depth or disparity image on the same photo; give --depth or --disparity"),
            (["embed", "--image", plain, "--disparity", square, "--znear", "1", "--zfar", "2", "--replace", "-o", out],
             "refused (geometry.aux.aspect-mismatch): \(square) is 50×50, the photo 64×48: the aspect ratios differ by more than one pixel (a 50-wide map of this photo is 37.5 high)"),
            (["embed", "--image", plain, "--disparity", good, "--znear", "1", "--zfar", "2", "--format", "hdep", "--replace", "-o", out],
             "refused (dictionary.pixel-format.kind-mismatch): hdep is a depth format; this map is disparity"),
            (["embed", "--image", plain, "--depth", good, "--znear", "1", "--zfar", "2", "--format", "L008", "--replace", "-o", out],
             "refused (dictionary.pixel-format.not-allowed): L008 is not hdis, fdis, hdep or fdep"),
            (["embed", "--image", plain, "--disparity", good, "--znear", "1", "--zfar", "2", "--replace", "-o", plain],
             "refusing to write to \(plain): it is one of the inputs"),
            (["embed", "--image", plain, "--disparity", good, "--znear", "1", "--zfar", "2", "-o", out],
             "\(plain) already has disparity; use --replace"),
        ]
        let photoBefore = Scratch.bytes(plain)
        for (args, message) in cases {
            let r = try Tools.depthcheck(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr == "depthcheck: \(message)\n")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(Scratch.bytes(plain) == photoBefore)
        // An existing OUT is not replaced without --force.
        let r = try Tools.depthcheck(["strip", plain, "--all", "-o", stripped])
        #expect(r.status == 2 && r.stderr == "depthcheck: \(stripped) exists; not replaced without --force\n")
        #expect(s.names() == ["d.pgm", "m.pgm", "nodepth.jpg", "photo.jpg", "square.pgm"])
    }

    /// strip edits a photo as it is: an input that is no JPEG or HEIC is unreadable, whatever
    /// OUT is named, and is never encoded into a new photo as embed would.
    @Test func stripOfAPictureThatIsNoPhotoWritesNothing() throws {
        let s = try Scratch("strip-png")
        defer { s.remove() }
        let png = s.path("picture.png")
        #expect(FileBytes.write(PNGFixture.gray(width: 8, height: 6, bitDepth: 8, samples: Array(repeating: 128, count: 48)), to: png))
        for name in ["out.jpg", "out.heic"] {
            let r = try Tools.depthcheck(["strip", png, "--all", "-o", s.path(name)])
            #expect(r.status == 3, "\(name)")
            #expect(r.stderr.hasPrefix("depthcheck: \(png): "), "\(r.stderr)")
        }
        #expect(s.names() == ["picture.png"])
    }

    @Test func stripLeavesNoAuxImageAndTheSamePrimary() throws {
        let s = try Scratch("strip")
        defer { s.remove() }
        let out = s.path("out.heic")
        let r = try Tools.depthcheck(["strip", Self.heic, "--all", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let info = try Tools.depthcheck(["info", "--json", out])
        #expect(info.text.contains("\"auxImages\": []") || info.text.contains("\"auxImages\":[]"))
    }

    @Test func stripRefusesAJPEGWithBytesNoEntryDescribesAndWritesNothing() throws {
        let s = try Scratch("strip-unindexed")
        defer { s.remove() }
        // One byte between the two secondary images: no entry says whose it is.
        let aux = JPEGFixture.disparityAux(images: 3)
        let bytes = JPEGFixture.multiPicture(secondaries: [aux, [0x55] + aux]) { e in
            e[2].offset += 1
            e[2].size -= 1
        }
        let input = s.path("in.jpg"), out = s.path("out.jpg")
        #expect(FileBytes.write(bytes, to: input))
        let r = try Tools.depthcheck(["strip", input, "--all", "-o", out])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("lie outside every image and no MP entry describes them"), "\(r.stderr)")
        #expect(!r.stderr.contains("write.unreadable"))
        #expect(!FileBytes.exists(out))
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func stripOfTheIOS16DepthWritesItsBytesOut() throws {
        let s = try Scratch("strip-ios16")
        defer { s.remove() }
        let out = s.path("out.heic")
        let r = try Tools.depthcheck(["strip", TestData.real("apple-heic-depth-gainmap-ios16.heic"), "--index", "54", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == "\(out): removed disparity [54]\n")
        #expect(Scratch.bytes(out)?.count == 1_283_274)
    }
}
