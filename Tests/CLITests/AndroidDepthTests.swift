import AuxData
import Container
import Foundation
import Testing
import TestSupport

/// Android's depth, both ways. A Dynamic Depth 1.0 photo laid out from the specification's text
/// (`DynamicDepthFixture`, not depthcheck's writer) is listed, extracted in metres exactly as
/// RangeInverse defines, checked and drawn; `embed --layout dynamic-depth` and `--layout gdepth`
/// write photos that ExifTool and Pillow read back at the written size, that depthcheck
/// extracts within a quantisation step, and that `strip` turns back into the input byte for
/// byte.
@Suite struct AndroidDepthTests {
    /// 16×12 depths from 0.6 m to about 6.3 m, a ramp along each row and down the columns.
    static let depths: [Float] = (0..<(16 * 12)).map { (i: Int) -> Float in
        let x = Float(i % 16), y = Float(i / 16)
        return 0.6 + x * 0.3 + y * 0.11
    }

    /// A little-endian PFM of `values` (rows stored bottom first, Netpbm's PFM).
    static func pfm(_ values: [Float], width: Int, height: Int) -> [UInt8] {
        var out = Array("Pf\n\(width) \(height)\n-1.0\n".utf8)
        for y in (0..<height).reversed() {
            for v in values[(y * width)..<((y + 1) * width)] { withUnsafeBytes(of: v.bitPattern.littleEndian) { out += $0 } }
        }
        return out
    }

    /// The values of a PFM that depthcheck wrote, top row first.
    static func values(ofPFM path: String) throws -> [Float] {
        try MapFile(parsing: try #require(FileBytes.read(path))).values
    }

    /// A plain 64×48 JPEG (the Dynamic Depth fixture's primary, nothing after it).
    static var plainJPEG: [UInt8] { JPEGFixture.image([], body: JPEGFixture.color64x48Body) }

    /// The step of RangeInverse at the sample a depth is stored as: the distance to the
    /// neighbouring samples' depths, which bounds what an 8-bit store can give back.
    static func step(at d: Double, near: Double, far: Double) -> Double {
        let dn = far * (d - near) / (d * (far - near))
        let s = max(0, min(255, (dn * 255).rounded()))
        func depth(_ v: Double) -> Double { far * near / (far - min(255, max(0, v)) / 255 * (far - near)) }
        return max(depth(s + 1) - depth(s), depth(s) - depth(s - 1))
    }

    // MARK: - Read

    @Test(arguments: [true, false])
    func aSpecificationBuiltPhotoIsListedWithItsDepthMap(extended: Bool) throws {
        let s = try Scratch("dd-spec-info")
        defer { s.remove() }
        let path = s.path("dd.jpg")
        #expect(FileBytes.write(DynamicDepthFixture.photo(extended: extended), to: path))
        let r = try Tools.depthcheck(["info", "--json", path])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(Tools.infoRecord(r.stdout))
        let aux = try #require(json["auxImages"] as? [[String: Any]])
        #expect(aux.count == 2)
        #expect(aux.map { $0["index"] as? Int } == [2, 3])
        #expect(aux.map { $0["kind"] as? String } == ["depth", "confidence"])
        #expect(aux.map { $0["width"] as? Int } == [16, 16])
        #expect(aux.map { $0["height"] as? Int } == [12, 12])
        #expect(aux.map { $0["auxType"] as? String } == ["DynamicDepth:DepthURI", "DynamicDepth:ConfidenceURI"])
        let values = try #require(aux[0]["values"] as? [String: Any])
        #expect(values["source"] as? String == "DynamicDepth RangeInverse")
        #expect(values["units"] as? String == "m")
        // The depth item starts right after the primary's EOI.
        let plainCount = DynamicDepthFixture.photo(extended: extended).count - DynamicDepthFixture.depthItem.count
            - DynamicDepthFixture.confidenceItem.count
        #expect(aux[0]["offset"] as? Int == plainCount)
        #expect(aux[1]["offset"] as? Int == plainCount + DynamicDepthFixture.depthItem.count)
    }

    /// A Directory that lists the confidence item before the depth item: `--aux depth` takes
    /// the depth map, as extract without `--aux` does, not the lower index.
    @Test func extractDepthPrefersTheDepthMapOverAConfidenceMapListedFirst() throws {
        let s = try Scratch("dd-confidence-first")
        defer { s.remove() }
        let path = s.path("dd.jpg"), asked = s.path("asked.pfm"), plain = s.path("plain.pfm")
        #expect(FileBytes.write(DynamicDepthFixture.photo(confidenceFirst: true), to: path))
        let info = try Tools.depthcheck(["info", "--json", "--no-pixels", path])
        let json = try #require(Tools.infoRecord(info.stdout))
        let aux = try #require(json["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["confidence", "depth"])
        #expect(aux.map { $0["index"] as? Int } == [2, 3])
        let r = try Tools.depthcheck(["extract", "--aux", "depth", "--as", "depth", path, "-o", asked])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try Tools.depthcheck(["extract", "--as", "depth", path, "-o", plain])
        #expect(p.status == 0, "\(p.stderr)")
        let got = try Self.values(ofPFM: asked)
        #expect(got == (try Self.values(ofPFM: plain)))
        // The depth item's ramp, not the confidence item's flat 100.
        #expect(Set(got).count > 10)
    }

    /// The metres are RangeInverse of the samples djpeg decodes from the depth item.
    @Test(.requires(.tool("djpeg")))
    func itsDepthIsExtractedInMetresExactlyAsRangeInverseDefines() throws {
        let s = try Scratch("dd-spec-extract")
        defer { s.remove() }
        let path = s.path("dd.jpg"), out = s.path("depth.pfm"), item = s.path("item.jpg")
        #expect(FileBytes.write(DynamicDepthFixture.photo(), to: path))
        #expect(FileBytes.write(DynamicDepthFixture.depthItem, to: item))
        let r = try Tools.depthcheck(["extract", "--aux", "depth", "--as", "depth", path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let got = try Self.values(ofPFM: out)
        let pgm = try Tools.run(try #require(Tools.which("djpeg")), ["-pnm", item])
        #expect(pgm.status == 0)
        let samples = try MapFile(parsing: pgm.stdout).values.map { Int(($0 * 255).rounded()) }
        #expect(got.count == 16 * 12 && samples.count == 16 * 12)
        #expect(Set(samples).count > 10)
        let want = samples.map { Float(DynamicDepthFixture.depth(ofSample: $0)) }
        #expect(got == want)
    }

    @Test func itPassesCheckWithPixelsAndIsDrawnInTheReport() throws {
        let s = try Scratch("dd-spec-check")
        defer { s.remove() }
        let path = s.path("dd.jpg"), html = s.path("report.html")
        #expect(FileBytes.write(DynamicDepthFixture.photo(), to: path))
        let check = try Tools.depthcheck(["check", "--pixels", path])
        #expect(check.status == 0, "\(check.text)")
        #expect(check.text.hasPrefix("PASS "), "\(check.text)")
        #expect(!check.text.contains("\n  warning"), "\(check.text)")
        let report = try Tools.depthcheck(["report", path, "-o", html])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try #require(FileBytes.text(html))
        #expect(page.contains("<img class=\"map\" id=\"map-0-0\" data-kind=\"depth\" width=\"16\" height=\"12\" alt=\"aux image 2 (depth)\""))
        #expect(page.contains("data-kind=\"confidence\" width=\"16\" height=\"12\" alt=\"aux image 3 (confidence)\""))
    }

    // MARK: - Write

    /// Embeds the ramp as `layout` into the plain JPEG; returns the scratch paths.
    static func embed(_ s: Scratch, layout: String, range: String? = nil) throws -> (input: String, output: String) {
        let input = s.path("plain.jpg"), map = s.path("depth.pfm"), out = s.path("\(layout).jpg")
        #expect(FileBytes.write(plainJPEG, to: input))
        #expect(FileBytes.write(pfm(depths, width: 16, height: 12), to: map))
        let r = try Tools.depthcheck(["embed", "--image", input, "--depth", map, "--layout", layout, "-o", out]
                                     + (range.map { ["--range", $0] } ?? []))
        #expect(r.status == 0, "\(r.stderr)")
        return (input, out)
    }

    /// depthcheck gives the depths back within the store's quantisation: half a step of the
    /// range format where the depth lies (RangeInverse's or RangeLinear's) for GDepth's lossless
    /// PNG, and one step more for Dynamic Depth's JPEG items, whose coding (quality 100, as
    /// Android writes them) may move a sample by one.
    @Test(arguments: [("dynamic-depth", "inverse"), ("gdepth", "inverse"), ("dynamic-depth", "linear"), ("gdepth", "linear")])
    func writtenDepthIsExtractedWithinAStep(layout: String, range: String) throws {
        let s = try Scratch("dd-write-\(layout)-\(range)")
        defer { s.remove() }
        let (_, out) = try Self.embed(s, layout: layout, range: range)
        let check = try Tools.depthcheck(["check", "--pixels", out])
        #expect(check.status == 0, "\(check.text)")
        let pfm = s.path("back.pfm")
        #expect(try Tools.depthcheck(["extract", "--aux", "depth", "--as", "depth", out, "-o", pfm]).status == 0)
        let back = try Self.values(ofPFM: pfm)
        let near = Double(Self.depths.min() ?? 0), far = Double(Self.depths.max() ?? 0)
        #expect(back.count == Self.depths.count)
        for (d, b) in zip(Self.depths, back) {
            let step = range == "linear" ? (far - near) / 255 : Self.step(at: Double(d), near: near, far: far)
            let allowed = (layout == "gdepth" ? 0.5 : 1.5) * step * 1.0001
            #expect(abs(Double(b) - Double(d)) <= allowed, "\(d) came back as \(b)")
        }
        // The nearest and farthest depths are the written range's ends.
        #expect(abs(Double(back.min() ?? 0) - near) < 1e-5 && abs(Double(back.max() ?? 0) - far) < 1e-4)
    }

    /// ExifTool (12.57 reads the Device description, not the items) finds the Directory as
    /// written; the items it lists are the file's last bytes, and Pillow decodes each at 16×12.
    @Test(.requires(.tool("exiftool"), .pillowHEIF))
    func exifToolAndPillowReadTheDynamicDepthItems() throws {
        let s = try Scratch("dd-write-readers")
        defer { s.remove() }
        let (_, out) = try Self.embed(s, layout: "dynamic-depth")
        let e = try Tools.run(try #require(Tools.which("exiftool")), ["-j", "-n", "-XMP-Device:all", out])
        #expect(e.status == 0)
        let tags = try #require((try JSONSerialization.jsonObject(with: Data(e.stdout)) as? [[String: Any]])?.first)
        #expect(tags["ContainerDirectoryItemDataURI"] as? [String] == ["primary_image", "android/depthmap", "android/confidencemap"])
        #expect(tags["ContainerDirectoryItemMime"] as? [String] == ["image/jpeg", "image/jpeg", "image/jpeg"])
        #expect(tags["ProfileType"] as? String == "DepthPhoto")
        #expect(tags["CameraDepthMapFormat"] as? String == "RangeInverse")
        #expect(tags["CameraDepthMapUnits"] as? String == "Meters")
        #expect(tags["CameraDepthMapConfidenceURI"] as? String == "android/confidencemap")
        let lengths = try #require(tags["ContainerDirectoryItemLength"] as? [Int])
        #expect(lengths.count == 3 && lengths[0] == 0)
        let bytes = try #require(FileBytes.read(out))
        let total = lengths.reduce(0, +)
        var at = bytes.count - total
        var sizes: [String] = []
        for (i, length) in lengths.enumerated().dropFirst() {
            let item = s.path("item\(i).jpg")
            #expect(FileBytes.write(Array(bytes[at..<(at + length)]), to: item))
            at += length
            let p = try Tools.run(try #require(Tools.pyenvPython),
                                  ["-c", "import sys; from PIL import Image; i = Image.open(sys.argv[1]); i.load(); print(i.format, i.mode, i.size)", item])
            #expect(p.status == 0, "\(p.stderr)")
            sizes.append(p.text)
        }
        #expect(sizes == ["JPEG L (16, 12)\n", "JPEG L (16, 12)\n"])
        // The items end the file; before them, the primary's EOI.
        #expect(Array(bytes[(bytes.count - total - 2)..<(bytes.count - total)]) == [0xFF, 0xD9])
    }

    /// ExifTool extracts GDepth's image (`-b -DepthImage`) from the Extended XMP it reassembles
    /// without a warning; Pillow decodes it, an 8-bit gray PNG at the written size, and its
    /// samples are depthcheck's stored ones.
    @Test(.requires(.tool("exiftool"), .pillowHEIF))
    func exifToolAndPillowReadTheGDepthImage() throws {
        let s = try Scratch("gdepth-write-readers")
        defer { s.remove() }
        let (_, out) = try Self.embed(s, layout: "gdepth")
        let exiftool = try #require(Tools.which("exiftool"))
        let listed = try Tools.run(exiftool, ["-G1", "-a", "-s", out])
        #expect(!listed.text.contains("Warning"), "\(listed.text)")
        #expect(listed.text.contains("[XMP-GDepth]    Format                          : RangeInverse"))
        #expect(listed.text.contains("[XMP-GDepth]    Mime                            : image/png"))
        let png = try Tools.run(exiftool, ["-b", "-DepthImage", out])
        #expect(png.status == 0 && png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let image = s.path("depth.png"), stored = s.path("stored.png")
        #expect(FileBytes.write(png.stdout, to: image))
        #expect(try Tools.depthcheck(["extract", "--aux", "depth", "--as", "stored", out, "-o", stored]).status == 0)
        // depthcheck's stored samples, read back by Pillow from its own PNG.
        let s8 = try Tools.run(try #require(Tools.pyenvPython),
                               ["-c", "import sys; from PIL import Image; i = Image.open(sys.argv[1]); print(' '.join(str(v) for v in i.getdata()))", stored])
        let mine = s8.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Int($0) ?? -1 }
        #expect(mine.count == 16 * 12)
        let p = try Tools.run(try #require(Tools.pyenvPython),
                              ["-c", "import sys; from PIL import Image; i = Image.open(sys.argv[1]); print(i.format, i.mode, i.size); print(' '.join(str(v) for v in i.getdata()))", image])
        #expect(p.status == 0, "\(p.stderr)")
        let lines = p.text.split(separator: "\n")
        #expect(lines.first == "PNG L (16, 12)")
        #expect(lines.dropFirst().first?.split(separator: " ").map { Int($0) ?? -1 } == mine)
    }

    // MARK: - Strip, roundtrip, refusals

    @Test(arguments: ["dynamic-depth", "gdepth"])
    func stripGivesTheInputBackAndRoundtripFindsNoDifference(layout: String) throws {
        let s = try Scratch("android-strip-\(layout)")
        defer { s.remove() }
        let (input, out) = try Self.embed(s, layout: layout)
        let back = s.path("back.jpg")
        let strip = try Tools.depthcheck(["strip", "--aux", "depth", out, "-o", back])
        #expect(strip.status == 0, "\(strip.stderr)")
        #expect(strip.text.contains(layout == "gdepth" ? "removed depth [0]" : "removed depth [2], confidence [3]"), "\(strip.text)")
        #expect(FileBytes.read(back) == FileBytes.read(input))
        let round = try Tools.depthcheck(["roundtrip", out])
        #expect(round.status == 0, "\(round.text)")
        #expect(round.text.contains("same photo"))
    }

    @Test func refusals() throws {
        let s = try Scratch("android-refusals")
        defer { s.remove() }
        let (_, out) = try Self.embed(s, layout: "dynamic-depth")
        let map = s.path("depth.pfm"), matte = s.path("matte.pgm"), again = s.path("again.jpg")
        #expect(FileBytes.write(Array("P5 16 12 255\n".utf8) + [UInt8](repeating: 200, count: 192), to: matte))
        // A second depth needs --replace, whatever the layouts.
        let second = try Tools.depthcheck(["embed", "--image", out, "--depth", map, "--layout", "gdepth", "-o", again])
        #expect(second.status == 2)
        #expect(second.stderr.contains("already has depth (Dynamic Depth), confidence (Dynamic Depth); use --replace"), "\(second.stderr)")
        #expect(FileBytes.read(again) == nil)
        // Google's layouts hold no matte, and take no pixel format.
        let withMatte = try Tools.depthcheck(["embed", "--image", s.path("plain.jpg"), "--depth", map, "--matte", matte,
                                              "--layout", "gdepth", "-o", again])
        #expect(withMatte.status == 2)
        #expect(withMatte.stderr.contains("the gdepth layout holds depth alone"), "\(withMatte.stderr)")
        let format = try Tools.depthcheck(["embed", "--image", s.path("plain.jpg"), "--depth", map, "--format", "hdep",
                                           "--layout", "dynamic-depth", "-o", again])
        #expect(format.status == 2)
        // --range is the Google layouts'.
        let range = try Tools.depthcheck(["embed", "--image", s.path("plain.jpg"), "--depth", map, "--range", "linear", "-o", again])
        #expect(range.status == 2)
        #expect(range.stderr.contains("--range is for --layout dynamic-depth and gdepth"), "\(range.stderr)")
        #expect(FileBytes.read(again) == nil)
        // With --replace the Dynamic Depth goes, items and all, and GDepth takes its place.
        let replaced = try Tools.depthcheck(["embed", "--image", out, "--depth", map, "--layout", "gdepth", "--replace", "-o", again])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let bytes = try #require(FileBytes.read(again))
        #expect(ByteSearch.offsets(of: Array("android/depthmap".utf8), in: bytes).isEmpty)
        #expect(ByteSearch.offsets(of: Array("dd/1.0".utf8), in: bytes).isEmpty)
        let file = try JPEG.File(parsing: bytes)
        #expect(file.trailingBytes == nil)
    }
}

/// A Pixel 3 Portrait original, whose Dynamic Depth items, profile and camera are qualified
/// values: its original image, depth and confidence maps are listed at the directory's offsets
/// and decode, with nothing above a note (Android's camera2 requirement of Units Meters is a
/// note: Google Camera writes Diopters, which the specification allows).
@Suite struct PixelDynamicDepthOriginalTests {
    @Test(.requires(.incomingFile("pixel3-portrait-dynamic-depth.jpg")))
    func itsOriginalDepthAndConfidenceAreListed() throws {
        let path = TestData.incoming("pixel3-portrait-dynamic-depth.jpg")
        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", path])
        #expect(r.status == 0, "\(r.text)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let files = record["files"] as? [[String: Any]] ?? [record]
        let file = try #require(files.first)
        let findings = file["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { "\($0["severity"] ?? "") \($0["rule"] ?? "")" } == ["note google.dynamic-depth.android-requirements"], "\(findings)")
        let aux = try #require(file["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["original", "depth", "confidence"])
        #expect(aux.map { $0["index"] as? Int } == [2, 3, 4])
        #expect(aux.map { $0["offset"] as? Int } == [1_836_809, 3_439_384, 3_538_290])
        #expect(aux.map { $0["path"] as? String } == ["Container:Item[2]", "Container:Item[3]", "Container:Item[4]"])
        #expect(aux.map { $0["width"] as? Int } == [2016, 2016, 2016] && aux.map { $0["height"] as? Int } == [2688, 2688, 2688])
        #expect(aux.map { $0["components"] as? Int } == [3, 1, 1])
        let values = try #require(aux[1]["values"] as? [String: Any])
        #expect(values["source"] as? String == "DynamicDepth RangeInverse")
        #expect(values["units"] as? String == "units not declared")
    }

    /// `extract --aux original --format coded` gives the original's JPEG byte for byte.
    @Test(.requires(.incomingFile("pixel3-portrait-dynamic-depth.jpg")))
    func itsOriginalExtractsAsStored() throws {
        let path = TestData.incoming("pixel3-portrait-dynamic-depth.jpg")
        let dir = try Scratch("dd-pixel-original")
        defer { dir.remove() }
        let out = dir.path("original.jpg")
        let r = try Tools.depthcheck(["extract", path, "--aux", "original", "--format", "coded", "-o", out])
        #expect(r.status == 0, "\(r.text)")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let written = try #require(FileManager.default.contents(atPath: out))
        #expect(written == bytes[1_836_809..<3_439_384])
    }
}

/// A Portrait original with Dynamic Depth and an Ultra HDR gain map in one file, laid out as
/// Google Camera writes it: one Directory lists the gain map the MP index also locates, then the
/// original, depth and confidence images. Each is listed once, at its offset, the bytes after
/// the last MP image are the Directory's items, and nothing is above a note.
@Suite struct DynamicDepthWithGainMapTests {
    @Test func everyItemOfTheDirectoryIsListed() throws {
        let s = try Scratch("dd-with-gainmap")
        defer { s.remove() }
        let path = s.path("portrait.jpg")
        let bytes = DynamicDepthFixture.photoWithGainMap()
        #expect(FileBytes.write(bytes, to: path))
        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", path])
        #expect(r.status == 0, "\(r.text)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let file = try #require((record["files"] as? [[String: Any]] ?? [record]).first)
        let findings = file["findings"] as? [[String: Any]] ?? []
        #expect(findings.isEmpty, "\(findings)")
        let aux = try #require(file["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["kind"] as? String } == ["hdrGainMap", "original", "depth", "confidence"])
        #expect(aux.map { $0["index"] as? Int } == [2, 5, 6, 7])
        let tail = DynamicDepthFixture.depthItem.count + DynamicDepthFixture.confidenceItem.count
        let original = JPEGFixture.image([], body: JPEGFixture.color64x48Body).count
        let depthAt = bytes.count - tail
        #expect(aux.map { $0["offset"] as? Int }.suffix(3) == [depthAt - original, depthAt, depthAt + DynamicDepthFixture.depthItem.count])
        #expect(aux.map { $0["width"] as? Int } == [16, 64, 16, 16])
    }

    /// ExifTool, reading the MP index and the Device Directory, puts the items where
    /// depthcheck lists them: the gain map is MP image 2, and the original, depth and
    /// confidence items follow it by the Directory's lengths.
    @Test(.requires(.tool("exiftool")))
    func exifToolPutsTheItemsAtTheSameOffsets() throws {
        let s = try Scratch("dd-with-gainmap-exiftool")
        defer { s.remove() }
        let path = s.path("portrait.jpg")
        #expect(FileBytes.write(DynamicDepthFixture.photoWithGainMap(), to: path))
        let e = try Tools.run(try #require(Tools.which("exiftool")),
                              ["-j", "-n", "-MPImageStart", "-MPImageLength", "-XMP-Device:ContainerDirectoryItemLength", path])
        let json = try #require((try JSONSerialization.jsonObject(with: Data(e.stdout)) as? [[String: Any]])?.first)
        let lengths = try #require(json["ContainerDirectoryItemLength"] as? [Int])
        let start = try #require(json["MPImageStart"] as? Int), length = try #require(json["MPImageLength"] as? Int)
        #expect(lengths.count == 5 && lengths[1] == length)
        let r = try Tools.depthcheck(["info", "--json", "--no-pixels", path])
        let aux = try #require(Tools.infoRecord(r.stdout)?["auxImages"] as? [[String: Any]])
        #expect(aux.map { $0["offset"] as? Int } == [start, start + length, start + length + lengths[2],
                                                     start + length + lengths[2] + lengths[3]])
    }
}

/// An AVIF whose av1C is not marked essential: AVIF v1.1.0 §2.2.1 asks it with "should", so a
/// warning. Its av1C also says seq_level_idx_0 13 (level 5.1) over a sequence header at 8
/// (level 4.0), which §2.2.1's "shall match" makes an error of its own.
@Suite struct AVIFEssentialTests {
    @Test(.requires(.incomingFile("avif-av1c-not-essential.avif")))
    func anAV1ConfigurationNotEssentialIsAWarning() throws {
        let r = try Tools.depthcheck(["check", TestData.incoming("avif-av1c-not-essential.avif")])
        #expect(r.status == 1, "\(r.text)")
        #expect(r.text.contains("  warning structure.heif.property-not-essential at meta/iprp/ipco[4]:av1C of item 1 (offset 239): "
                                + "av1C of item 1 is not marked essential: AVIF v1.1.0 §2.2.1 says av1C should be marked essential\n"), "\(r.text)")
        #expect(r.text.contains("  error structure.avif.av1c-mismatch at meta/iinf/item[1] (offset 142): "
                                + "item 1: av1C says seq_level_idx_0 13 (the sequence header: 8)\n"), "\(r.text)")
        #expect(r.text.contains("1 error, 1 warning"), "\(r.text)")
    }
}
