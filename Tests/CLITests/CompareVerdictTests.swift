import Foundation
import Testing
import TestSupport

/// `compare` held to the standard `check` is held to: a map edited in one place is changed, a
/// tolerance of 0 is exact, an original whose map does not decode cannot judge its export, an
/// export cut short is an error rather than "stripped", an Ultra HDR export whose primary lost
/// its gain map declaration is orphaned as `check` says, and lost calibration is a change.
@Suite struct CompareVerdictTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"
    static let heic = "Corpus/good/heif-disparity.heic"
    static let (width, height) = (640, 480)

    /// A 640×480 PFM of depths from 0.5 m (top left) to 4.5 m (bottom right), each sample
    /// passed through `edit(x, y, depth)`.
    static func pfm(_ edit: (Int, Int, Float) -> Float = { $2 }) -> [UInt8] {
        var out = Array("Pf\n\(width) \(height)\n-1.0\n".utf8)
        for y in (0..<height).reversed() {
            for x in 0..<width {
                let d = 0.5 + 4.0 * Float(x + y) / Float(width - 1 + height - 1)
                withUnsafeBytes(of: edit(x, y, d).bitPattern.littleEndian) { out += $0 }
            }
        }
        return out
    }

    /// `map` embedded as depth into a new 640×480 JPEG primary made from one fixed PPM.
    static func photo(_ s: Scratch, _ name: String, map: [UInt8]) throws -> String {
        let ppm = s.path("p.ppm")
        if !FileManager.default.fileExists(atPath: ppm) {
            var bytes = Array("P6 \(width) \(height) 255\n".utf8)
            for y in 0..<height { for x in 0..<width { bytes += [UInt8((x * 3 + y) % 256), UInt8(x % 256), UInt8(y % 256)] } }
            #expect(FileBytes.write(bytes, to: ppm))
        }
        #expect(FileBytes.write(map, to: s.path(name + ".pfm")))
        let r = try Tools.depthcheck(["embed", "--image", ppm, "--depth", s.path(name + ".pfm"), "-o", s.path(name + ".jpg")])
        #expect(r.status == 0, "\(r.stderr)")
        return name + ".jpg"
    }

    static func compare(_ arguments: [String], in dir: String) throws -> Tools.Result {
        try Tools.run(Tools.depthcheck, ["compare"] + arguments, directory: dir)
    }

    /// A 40×40 block moved 2.2 m: 0.52 % of the samples, under the 1 % the 99th percentile
    /// passes over, is a changed region with its place, size and largest error.
    @Test func aBlockEditedInOnePlaceIsChanged() throws {
        let s = try Scratch("compare-local-edit")
        defer { s.remove() }
        let o = try Self.photo(s, "o", map: Self.pfm())
        let e = try Self.photo(s, "e", map: Self.pfm { x, y, d in (96..<136).contains(x) && (200..<240).contains(y) ? d + 2.2 : d })
        let r = try Self.compare([o, e, "--format", "json"], in: s.dir)
        #expect(r.status == 1, "\(r.text)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        #expect(doc["verdict"] as? String == "changed")
        let depth = try #require((doc["auxImages"] as? [[String: Any]])?.first)
        #expect(depth["change"] as? String == "changed" && depth["p99Error"] as? Double == 0)
        #expect(depth["beyondTolerance"] as? Double == 1600.0 / 307_200)
        let region = try #require(depth["region"] as? [String: Any])
        #expect(region["x"] as? Int == 96 && region["y"] as? Int == 200 && region["width"] as? Int == 40 && region["height"] as? Int == 40)
        #expect(region["samples"] as? Int == 1600)
        let largest = try #require(region["maxError"] as? Double)
        #expect(abs(largest - 2.2) < 4.0 / 255 * 2, "\(largest)")
        let text = try Self.compare([o, e], in: s.dir)
        #expect(text.text.contains("; changed region 40×40 at (96, 200): 1600 samples beyond, up to "), "\(text.text)")
        // A tolerance wider than the move lets it pass.
        #expect(try Self.compare([o, e, "--tolerance", "2.5"], in: s.dir).status == 0)
    }

    /// `--tolerance 0` is exact: one sample moved by 2 cm (within the automatic two 8-bit
    /// steps) changes the map; a byte copy does not.
    @Test func aToleranceOfZeroIsExact() throws {
        let s = try Scratch("compare-exact")
        defer { s.remove() }
        let o = try Self.photo(s, "o", map: Self.pfm())
        let one = try Self.photo(s, "one", map: Self.pfm { x, y, d in (x, y) == (320, 240) ? d + 0.02 : d })
        try FileManager.default.copyItem(atPath: s.path(o), toPath: s.path("copy.jpg"))
        #expect(try Self.compare([o, one], in: s.dir).status == 0)
        let exact = try Self.compare([o, one, "--tolerance", "0", "--format", "json"], in: s.dir)
        #expect(exact.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(exact.stdout)) as? [String: Any])
        let depth = try #require((doc["auxImages"] as? [[String: Any]])?.first)
        #expect(depth["change"] as? String == "changed" && depth["tolerance"] as? Double == 0)
        let region = try #require(depth["region"] as? [String: Any])
        let (x, y) = (try #require(region["x"] as? Int), try #require(region["y"] as? Int))
        let (w, h) = (try #require(region["width"] as? Int), try #require(region["height"] as? Int))
        #expect((x..<x + w).contains(320) && (y..<y + h).contains(240) && w <= 8 && h <= 8, "\(region)")
        #expect(try Self.compare([o, "copy.jpg", "--tolerance", "0"], in: s.dir).text == "ok                o.jpg → copy.jpg\n1 pair: 1 ok\n")
    }

    /// The original's disparity with its entropy-coded data overwritten: nothing to judge the
    /// export against, whatever the export holds.
    @Test func anOriginalWhoseMapDoesNotDecodeIsAnError() throws {
        let s = try Scratch("compare-undecodable")
        defer { s.remove() }
        var bytes = try #require(FileBytes.read(TestData.packageRoot + "/" + Self.jpeg))
        // The disparity's JPEG starts at the second SOI; its scan's data follows its SOS header.
        let second = try #require(ByteSearch.offsets(of: [0xFF, 0xD8], in: bytes).first { $0 > 0 })
        let sos = try #require(ByteSearch.offsets(of: [0xFF, 0xDA], in: bytes).first { $0 > second })
        let start = sos + 2 + (Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3]))
        let end = try #require(ByteSearch.offsets(of: [0xFF, 0xD9], in: bytes).first { $0 > start })
        for k in start..<end { bytes[k] = (k - start) % 2 == 0 ? 0xFF : 0x00 }
        #expect(FileBytes.write(bytes, to: s.path("o.jpg")))
        _ = try s.copy(Self.jpeg, to: "e.jpg")
        let r = try Self.compare(["o.jpg", "e.jpg"], in: s.dir)
        #expect(r.status == 1)
        #expect(r.text.hasPrefix("""
            error             o.jpg → e.jpg
              undecodable disparity 16×12 (index 2)
                       the original's map does not decode: aux image 2 cannot be decoded: MPImage[2] at offset 653: 
            """), "\(r.text)")
        #expect(r.text.hasSuffix("1 pair: 1 error\n"))
    }

    /// An export cut short loses its aux image to the cut, not to a writer that stripped it.
    @Test(arguments: [("jpeg", 200), ("heic", 300)])
    func anExportCutShortIsAnErrorNotStripped(kind: String, cut: Int) throws {
        let s = try Scratch("compare-cut-\(kind)")
        defer { s.remove() }
        let source = kind == "jpeg" ? Self.jpeg : Self.heic
        let name = "o." + (kind == "jpeg" ? "jpg" : "heic"), cutName = "t." + (kind == "jpeg" ? "jpg" : "heic")
        _ = try s.copy(source, to: name)
        let bytes = try #require(FileBytes.read(s.path(name)))
        #expect(FileBytes.write(Array(bytes.dropLast(cut)), to: s.path(cutName)))
        let r = try Self.compare([name, cutName, "--format", "json"], in: s.dir)
        #expect(r.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        #expect(doc["verdict"] as? String == "error")
        let damage = try #require(doc["damage"] as? [String])
        let expected = kind == "jpeg"
            ? "the export cannot be read whole: error structure.mpf.image-truncated at APP2#1/MPF/MPEntry[2] (offset 116): image 2 is truncated: 1228 bytes declared from 653, the file ends 200 bytes short"
            : "the export cannot be read whole: error structure.heif.iloc-extent-out-of-bounds at meta/iloc/item[3] (offset 691): extent 816+688 runs past the 1204-byte file"
        #expect(damage.contains(expected), "\(damage)")
    }

    /// pyultrahdr's Ultra HDR with the primary's hdrgm and GContainer description removed by
    /// ExifTool: the gain map's image is still there, but `check` fails it as orphaned (no
    /// reader applies it), and so does `compare`.
    @Test(.requires(.pythonModules("sdr_to_hdr", "numpy"), .tool("exiftool")))
    func anUltraHDRThatLostItsDeclarationIsOrphaned() throws {
        let s = try Scratch("compare-undeclared")
        defer { s.remove() }
        let python = try #require(Tools.pyenvPython)
        let made = try Tools.run(python, ["-c", UltraHDRFixture.pyultrahdrScript, s.path("u.jpg")])
        #expect(made.status == 0, "\(made.stderr)")
        let exiftool = try #require(Tools.which("exiftool"))
        let cut = try Tools.run(exiftool, ["-q", "-XMP-hdrgm:all=", "-XMP-GContainer:all=", s.path("u.jpg"), "-o", s.path("n.jpg")])
        #expect(cut.status == 0, "\(cut.stderr)")
        let check = try Tools.depthcheck(["check", s.path("n.jpg")])
        #expect(check.status == 1 && check.text.contains("error gainmap.orphaned at MPImage[2]"), "\(check.text)")
        let c = try Self.compare(["u.jpg", "n.jpg"], in: s.dir)
        #expect(c.status == 1)
        #expect(c.text == """
            orphaned          u.jpg → n.jpg
              orphaned hdrGainMap 64×48 (index 2)
                       the export holds the gain map but its primary does not declare it, so readers do not apply it (gainmap.orphaned)
            1 pair: 1 orphaned

            """, "\(c.text)")
    }

    /// A 7.7-megapixel gain map compared with its copy in the memory of two `check --pixels`
    /// runs, twice over: the samples are kept as stored, a byte each, not as float32 values
    /// turned and copied.
    @Test(.requires(.pythonModules("sdr_to_hdr", "numpy"), .tool("time")))
    func aLargeGainMapIsComparedInBoundedMemory() throws {
        let s = try Scratch("compare-memory")
        defer { s.remove() }
        let python = try #require(Tools.pyenvPython)
        let made = try Tools.run(python, ["-c", """
            import sys, numpy as np
            from sdr_to_hdr import build_ultra_hdr
            h, w = 2400, 3200
            y, x = np.mgrid[0:h, 0:w]
            sdr = np.stack([x % 256, y % 256, (x + y) % 256], axis=-1).astype(np.uint8)
            gain = ((x + y) / (w + h) * 2).astype(np.float32)
            open(sys.argv[1], 'wb').write(build_ultra_hdr(sdr, gain, 0.0, 2.0, 1000, 203))
            """, s.path("a.jpg")])
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.copyItem(atPath: s.path("a.jpg"), toPath: s.path("b.jpg"))
        let checked = try HostileInputTests.depthcheck(["check", "--pixels", s.path("a.jpg")])
        let compared = try HostileInputTests.depthcheck(["compare", s.path("a.jpg"), s.path("b.jpg")])
        #expect(checked.status == 0 && compared.status == 0)
        #expect(checked.maxRSSKB > 0 && compared.maxRSSKB > 0)
        #expect(compared.maxRSSKB <= 4 * checked.maxRSSKB, "compare \(compared.maxRSSKB) KB, check --pixels \(checked.maxRSSKB) KB")
    }

    /// ExifTool turning the photo by its Orientation tag alone: the maps are the same bytes and
    /// still lie on the photo's pixels, so they are kept, and the turn is said.
    @Test(.requires(.tool("exiftool")))
    func anOrientationOnlyEditKeepsTheMaps() throws {
        let s = try Scratch("compare-orientation")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "o.jpg")
        let exiftool = try #require(Tools.which("exiftool"))
        let turned = try Tools.run(exiftool, ["-q", "-n", "-Orientation=3", s.path("o.jpg"), "-o", s.path("t.jpg")])
        #expect(turned.status == 0, "\(turned.stderr)")
        let c = try Self.compare(["o.jpg", "t.jpg"], in: s.dir)
        #expect(c.status == 0)
        #expect(c.text == """
            ok                o.jpg → t.jpg
              kept     disparity 16×12 (index 2)
                       orientation 1 → 3: the map turned with its photo
            1 pair: 1 ok

            """, "\(c.text)")
    }

    /// The iPhone X's disparity embedded again with --replace keeps its camera calibration (the
    /// camera's, not the map's) and compares ok; with --drop-calibration its values are within
    /// the tolerance but the calibration is gone, which changes what a reader does with it.
    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func calibrationIsKeptOnReplaceAndLosingItIsAChange() throws {
        let s = try Scratch("compare-calibration")
        defer { s.remove() }
        let original = TestData.real("apple-jpeg-disparity-iphonex.jpg")
        #expect(try Tools.depthcheck(["extract", original, "-o", s.path("d.pfm")]).status == 0)
        let kept = try Tools.depthcheck(["embed", "--image", original, "--disparity", s.path("d.pfm"), "--replace", "-o", s.path("k.jpg")])
        #expect(kept.status == 0, "\(kept.stderr)")
        let same = try Self.compare([original, "k.jpg"], in: s.dir)
        #expect(same.status == 0 && same.text.hasPrefix("ok "), "\(same.text)")
        let embed = try Tools.depthcheck(["embed", "--image", original, "--disparity", s.path("d.pfm"), "--replace", "--drop-calibration",
                                          "-o", s.path("r.jpg")])
        #expect(embed.status == 0, "\(embed.stderr)")
        let c = try Self.compare([original, "r.jpg", "--format", "json"], in: s.dir)
        #expect(c.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(c.stdout)) as? [String: Any])
        #expect(doc["verdict"] as? String == "changed")
        let disparity = try #require((doc["auxImages"] as? [[String: Any]])?.first)
        #expect(disparity["change"] as? String == "changed" && disparity["beyondTolerance"] as? Double == 0)
        let differences = try #require(disparity["differences"] as? [String])
        #expect(differences == ["metadata gone: depthData:ExtrinsicMatrix, depthData:InverseLensDistortionCoefficients, "
                                + "depthData:IntrinsicMatrix, depthData:LensDistortionCenterOffsetX, depthData:IntrinsicMatrixReferenceHeight, "
                                + "depthData:LensDistortionCenterOffsetY, depthData:LensDistortionCoefficients, depthData:PixelSize, "
                                + "depthData:IntrinsicMatrixReferenceWidth"], "\(differences)")
    }

    /// The same in a HEIC: the calibration is written in the new disparity item's XMP, where
    /// ExifTool reads it back with the original's values.
    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic"), .tool("exiftool")))
    func aHEICKeepsItsCalibrationOnReplace() throws {
        let s = try Scratch("compare-calibration-heic")
        defer { s.remove() }
        let original = TestData.real("apple-heic-depth-gainmap-ios16.heic")
        #expect(try Tools.depthcheck(["extract", original, "-o", s.path("d.pfm")]).status == 0)
        let kept = try Tools.depthcheck(["embed", "--image", original, "--disparity", s.path("d.pfm"), "--replace", "-o", s.path("k.heic")])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try Self.compare([original, "k.heic"], in: s.dir).text == "ok                \(original) → k.heic\n1 pair: 1 ok\n")
        let exiftool = try #require(Tools.which("exiftool"))
        let read = try Tools.run(exiftool, ["-s3", "-XMP-depthData:IntrinsicMatrix", s.path("k.heic")])
        #expect(read.text == "3032.59423828125, 0.0, 0.0, 0.0, 3032.59423828125, 0.0, 1988.450927734375, 1512.30712890625, 1\n", "\(read.text)")
    }
}

/// `compare` of every corpus file with a copy of itself says what `check --pixels` says of it:
/// `ok` exactly when check finds no undecodable map and no orphaned gain map; `orphaned`
/// exactly when check finds `gainmap.orphaned`; `error` only when check fails the file for a
/// map that does not decode (or is over a limit), or cannot read it.
@Suite struct CompareAgreesWithCheckTests {
    /// A map that does not decode, or decodes to another size than the file says.
    static let undecodable: Set<String> = ["pixels.aux.undecodable", "pixels.aux.size-mismatch"]
    /// A map over a limit, which compare does not decode either.
    static let overLimit: Set<String> = ["structure.limits.exceeded", "dictionary.size.invalid"]

    @Test func everyCorpusFileComparedWithItsCopy() throws {
        let s = try Scratch("compare-agrees")
        defer { s.remove() }
        for d in ["O", "E"] { try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true) }
        var roots = [TestData.corpus + "/good", TestData.corpus + "/bad"]
        for shared in [TestData.realCorpus, String(TestData.field("").dropLast())] where FileManager.default.fileExists(atPath: shared) {
            roots.append(shared)
        }
        var names: [String] = []
        for root in roots {
            let found = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
            for rel in found.sorted() where !rel.hasSuffix(".txt") && !rel.hasSuffix(".md") {
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), !isDir.boolValue else { continue }
                let ext = (rel as NSString).pathExtension.lowercased()
                guard ["jpg", "jpeg", "heic", "heif", "hif", "avif", "mpo"].contains(ext) else { continue }
                let name = "\(names.count)-" + (rel as NSString).lastPathComponent
                try FileManager.default.copyItem(atPath: root + "/" + rel, toPath: s.path("O/" + name))
                try FileManager.default.copyItem(atPath: root + "/" + rel, toPath: s.path("E/" + name))
                names.append(name)
            }
        }
        #expect(names.count >= 120, "\(names.count)")
        let compared = try Tools.run(Tools.depthcheck, ["compare", "O", "E", "--format", "jsonl", "--jobs", "2"], directory: s.dir)
        var verdicts: [String: String] = [:]
        for line in compared.text.split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            verdicts[try #require(record["original"] as? String)] = record["verdict"] as? String
        }
        let checked = try Tools.run(Tools.depthcheck, ["check", "-r", "--pixels", "--format", "jsonl", "--jobs", "2", "O"], directory: s.dir)
        #expect(checked.status != 4)
        var rules: [String: Set<String>] = [:], unreadable: Set<String> = []
        for line in checked.text.split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(record["path"] as? String)
            if record["verdict"] as? String == "unreadable" { unreadable.insert(path) }
            let findings = record["findings"] as? [[String: Any]] ?? []
            rules[path] = Set(findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String })
        }
        #expect(verdicts.count == names.count && rules.count == names.count)
        for name in names {
            let path = "O/" + name
            let errors = rules[path] ?? []
            switch verdicts[path] {
            case "ok"?:
                #expect(errors.isDisjoint(with: Self.undecodable) && !errors.contains("gainmap.orphaned") && !unreadable.contains(path),
                        "\(name): compare ok, check \(errors)")
            case "orphaned"?:
                #expect(errors.contains("gainmap.orphaned"), "\(name): compare orphaned, check \(errors)")
            case "error"?:
                #expect(!errors.isDisjoint(with: Self.undecodable.union(Self.overLimit)) || unreadable.contains(path),
                        "\(name): compare error, check \(errors)")
            case let other:
                Issue.record("\(name): compare says \(other ?? "nothing") of a file and its copy")
            }
            if errors.contains("gainmap.orphaned") { #expect(verdicts[path] == "orphaned", "\(name)") }
        }
    }
}
