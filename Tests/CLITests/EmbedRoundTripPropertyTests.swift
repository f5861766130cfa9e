import Foundation
import Testing
import TestSupport

/// `embed` then `check` then `extract`, through the real commands: over seeded random sizes,
/// pixel formats, orientations (maps given in the display frame with `--orient`) and value
/// ranges, the map comes back within half a quantisation step of its range (HEIC: lossless
/// HEVC), or within two code values more (JPEG at quality 100). Also PNG maps, semantic mattes
/// and the decoded-sample comparison of `roundtrip`.
@Suite struct EmbedRoundTripPropertyTests {
    /// A PFM of `values` (row-major, top row first), little-endian, rows stored bottom first.
    static func pfm(_ w: Int, _ h: Int, _ values: [Float]) -> [UInt8] {
        var out = Array("Pf\n\(w) \(h)\n-1.0\n".utf8)
        for y in (0..<h).reversed() {
            for x in 0..<w { withUnsafeBytes(of: values[y * w + x].bitPattern.littleEndian) { out += $0 } }
        }
        return out
    }

    /// The values of a PFM (any scale sign), top row first.
    static func readPFM(_ b: [UInt8]) -> (width: Int, height: Int, values: [Float])? {
        var tokens: [String] = [], i = 0
        while tokens.count < 4, i < b.count {
            while i < b.count, b[i] <= 0x20 { i += 1 }
            var t = ""
            while i < b.count, b[i] > 0x20 { t.append(Character(UnicodeScalar(b[i]))); i += 1 }
            tokens.append(t)
        }
        i += 1
        guard tokens.count == 4, tokens[0] == "Pf", let w = Int(tokens[1]), let h = Int(tokens[2]), let scale = Double(tokens[3]),
              b.count - i == w * h * 4 else { return nil }
        var values = [Float](repeating: 0, count: w * h)
        for k in 0..<(w * h) {
            let o = i + 4 * k
            let bytes = (UInt32(b[o]), UInt32(b[o + 1]), UInt32(b[o + 2]), UInt32(b[o + 3]))
            let bits = scale < 0 ? bytes.0 | bytes.1 << 8 | bytes.2 << 16 | bytes.3 << 24 : bytes.0 << 24 | bytes.1 << 16 | bytes.2 << 8 | bytes.3
            values[(h - 1 - k / w) * w + k % w] = Float(bitPattern: bits)
        }
        return (w, h, values)
    }

    /// A 64×48 JPEG primary with Exif Orientation `o` and no aux image.
    static func jpegPhoto(orientation o: Int) -> [UInt8] {
        JPEGFixture.image([JPEGFixture.exif(orientation: UInt16(o))], body: JPEGFixture.color64x48Body)
    }

    /// The 64×48 HEIC of Corpus/good with primary and depth turned by `irot` for Exif
    /// orientation 1, 3, 6 or 8 (irot turns anticlockwise: 8 = 90°, 3 = 180°, 6 = 270°).
    static func heicPhoto(orientation o: Int) -> [UInt8] {
        var f = HEIFFixture.corpusDisparity
        f.rotation = [1: nil, 8: 1, 3: 2, 6: 3][o] ?? nil
        return f.build()
    }

    struct Case: CustomStringConvertible {
        let container: String, format: String, orientation: Int, width: Int, height: Int, lo: Double, hi: Double
        var description: String { "\(container) \(format) orientation \(orientation) \(width)x\(height) \(lo)...\(hi)" }
    }

    /// Seed 2025: four JPEG cases (any of the eight orientations) and four HEIC cases
    /// (orientations 1, 3, 6, 8); sizes 4k × 3k for k from 2 to 16 (a map has no more pixels
    /// than its 64×48 photo), odd ones among them; every format appears in both containers.
    static func cases() -> [Case] {
        var rng = SeededGenerator(seed: 2025)
        let formats = ["hdis", "fdis", "hdep", "fdep"]
        var out: [Case] = []
        for n in 0..<8 {
            let heic = n >= 4
            let o = heic ? [1, 3, 6, 8][rng.below(4)] : 1 + rng.below(8)
            let k = 2 + rng.below(15)   // stored size 4k × 3k
            let lo = 0.05 + Double(rng.below(1000)) / 100
            let hi = lo * (1.2 + Double(rng.below(50)) / 10)
            out.append(Case(container: heic ? "heic" : "jpg", format: formats[n % 4], orientation: o,
                            width: 4 * k, height: 3 * k, lo: lo, hi: hi))
        }
        return out
    }

    @Test func embedThenCheckThenExtractGivesTheMapBack() throws {
        let s = try Scratch("embed-property")
        defer { s.remove() }
        var rng = SeededGenerator(seed: 77)
        for (n, c) in Self.cases().enumerated() {
            let photo = s.path("photo\(n).\(c.container)")
            #expect(FileBytes.write(c.container == "heic" ? Self.heicPhoto(orientation: c.orientation)
                                    : Self.jpegPhoto(orientation: c.orientation), to: photo))
            // The map in the display frame: a smooth ramp with noise, spanning lo...hi.
            let swaps = c.orientation >= 5
            let (dw, dh) = swaps ? (c.height, c.width) : (c.width, c.height)
            var values = [Float](repeating: 0, count: dw * dh)
            for y in 0..<dh {
                for x in 0..<dw {
                    let t = (Double(x) / Double(dw - 1) * 0.7 + Double(y) / Double(dh - 1) * 0.3 + Double(rng.below(50)) / 1000) / 1.05
                    values[y * dw + x] = Float(c.lo + t * (c.hi - c.lo))
                }
            }
            let map = s.path("map\(n).pfm"), out = s.path("out\(n).\(c.container)"), back = s.path("back\(n).pfm")
            #expect(FileBytes.write(Self.pfm(dw, dh, values), to: map))
            let isDepth = c.format.hasSuffix("dep")
            let e = try Tools.depthcheck(["embed", "--image", photo, isDepth ? "--depth" : "--disparity", map,
                                          "--format", c.format, "--orient", "--replace", "-o", out])
            try #require(e.status == 0, "seed 2025 case \(n) (\(c)): \(e.stderr)")
            let check = try Tools.depthcheck(["check", out])
            #expect(check.status == 0 && check.text.contains("0 errors, 0 warnings, 0 notes"), "case \(n) (\(c)): \(check.text)")
            let x = try Tools.depthcheck(["extract", out, "--aux", "depth", "--as", "native", "--orient", "-o", back])
            try #require(x.status == 0, "case \(n): \(x.stderr)")
            let got = try #require(Self.readPFM(Scratch.bytes(back) ?? []))
            #expect(got.width == dw && got.height == dh, "case \(n) (\(c))")
            // FloatMin/FloatMax are the map's own range, rounded outwards to Float32.
            let (lo, hi) = (Double(values.min() ?? 0), Double(values.max() ?? 0))
            let step = (hi - lo) / 255
            var worst = 0.0
            for (a, b) in zip(values, got.values) { worst = max(worst, abs(Double(a) - Double(b)) / step) }
            let allowed = c.container == "heic" ? 0.5 : 2.5
            #expect(worst <= allowed + 1e-3, "case \(n) (\(c)): \(worst) steps, allowed \(allowed)")
        }
    }

    @Test(arguments: [8, 16])
    func grayPNGMapsAreReadLikePGM(_ bits: Int) throws {
        let s = try Scratch("embed-png\(bits)")
        defer { s.remove() }
        let photo = s.path("photo.jpg"), png = s.path("d.png"), out = s.path("out.jpg"), back = s.path("back.pfm")
        #expect(FileBytes.write(Self.jpegPhoto(orientation: 1), to: photo))
        let top = (1 << bits) - 1
        #expect(FileBytes.write(PNGFixture.gray(width: 32, height: 24, bitDepth: bits,
                                                samples: (0..<(32 * 24)).map { $0 % 32 * top / 31 }), to: png))
        let e = try Tools.depthcheck(["embed", "--image", photo, "--depth", png, "--znear", "1", "--zfar", "2", "-o", out])
        try #require(e.status == 0, "\(e.stderr)")
        #expect(e.text == "\(out): depth 32x24 embedded\n")
        let x = try Tools.depthcheck(["extract", out, "--aux", "depth", "-o", back])
        try #require(x.status == 0, "\(x.stderr)")
        let got = try #require(Self.readPFM(Scratch.bytes(back) ?? []))
        // Gray g spans zNear (0) to zFar (1): column c is 1 + c/31 metres, to a 1/255 step.
        var worst = 0.0
        for (k, v) in got.values.enumerated() { worst = max(worst, abs(Double(v) - (1 + Double(k % 32) / 31))) }
        #expect(got.width == 32 && got.height == 24 && worst <= 2.5 / 255)
    }

    @Test(arguments: ["jpg", "heic"])
    func semanticMattesAreEmbeddedByKindAndNeedDepth(_ container: String) throws {
        let s = try Scratch("embed-semantic-\(container)")
        defer { s.remove() }
        let photo = s.path("photo.\(container)"), out = s.path("out.\(container)")
        #expect(FileBytes.write(container == "heic" ? Self.heicPhoto(orientation: 1) : Self.jpegPhoto(orientation: 1), to: photo))
        let (w, h) = container == "heic" ? (48, 36) : (32, 24)
        let d = s.path("d.pgm"), hair = s.path("hair.pgm"), sky = s.path("sky.png")
        #expect(FileBytes.write(Array("P5 \(w) \(h) 255\n".utf8) + (0..<(w * h)).map { UInt8($0 % w) }, to: d))
        #expect(FileBytes.write(Array("P5 \(w) \(h) 255\n".utf8) + (0..<(w * h)).map { $0 % w < w / 2 ? 255 : 0 }, to: hair))
        #expect(FileBytes.write(PNGFixture.gray(width: w, height: h, bitDepth: 8, samples: (0..<(w * h)).map { $0 < w * h / 3 ? 255 : 0 }), to: sky))
        if container == "jpg" {
            let refused = try Tools.depthcheck(["embed", "--image", photo, "--semantic", "hair=\(hair)", "-o", out])
            #expect(refused.status == 2 && refused.stderr == "depthcheck: refused (matte.requires-depth): a hair semantic matte needs"
                    + " a depth or disparity image on the same photo; give --depth or --disparity\n")
        }
        let bad = try Tools.depthcheck(["embed", "--image", photo, "--semantic", "nose=\(hair)", "-o", out])
        #expect(bad.status == 2 && bad.stderr == "depthcheck: --semantic nose=\(hair): give KIND=MAP, KIND one of skin, hair, teeth, glasses, sky\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        let e = try Tools.depthcheck(["embed", "--image", photo, "--disparity", d, "--znear", "0.5", "--zfar", "4", "--replace",
                                      "--semantic", "hair=\(hair)", "--semantic", "sky=\(sky)", "-o", out])
        try #require(e.status == 0, "\(e.stderr)")
        #expect(e.text == "\(out): disparity \(w)x\(h), hair matte \(w)x\(h), sky matte \(w)x\(h) embedded\n")
        let check = try Tools.depthcheck(["check", out])
        #expect(check.status == 0 && check.text.contains("0 errors, 0 warnings, 0 notes"), "\(check.text)")
        let info = try Tools.depthcheck(["info", "--json", "--no-pixels", out])
        let json = try #require(Tools.infoRecord(info.stdout))
        let aux = try #require(json["auxImages"] as? [[String: Any]])
        #expect(aux.compactMap { $0["kind"] as? String } == ["disparity", "semanticMatte", "semanticMatte"])
        #expect(aux.compactMap { $0["auxType"] as? String }.suffix(2)
                == ["urn:com:apple:photo:2019:aux:semantichairmatte", "urn:com:apple:photo:2020:aux:semanticskymatte"])
        let rt = try Tools.depthcheck(["roundtrip", out])
        #expect(rt.status == 0 && rt.text.contains("3 of 3 aux images decoded to equal samples"), "\(rt.text)")
        // A second hair matte needs --replace.
        let again = try Tools.depthcheck(["embed", "--image", out, "--semantic", "hair=\(hair)", "-o", s.path("again.\(container)")])
        #expect(again.status == 2 && again.stderr == "depthcheck: \(out) already has a hair semantic matte; use --replace\n")
    }

    @Test(arguments: ["Corpus/good/jpeg-disparity.jpg", "Corpus/good/heif-disparity.heic"])
    func roundtripComparesDecodedSamples(_ file: String) throws {
        let r = try Tools.depthcheck(["roundtrip", file])
        #expect(r.status == 0)
        #expect(r.text == "\(file): read, rewritten in memory (\(file.hasSuffix("jpg") ? 1881 : 1504) bytes) and read again\n"
                + "  same photo: model (dictionary, metadata, geometry) and every image's coded bytes are equal;"
                + " 1 of 1 aux images decoded to equal samples\n")
    }
}
