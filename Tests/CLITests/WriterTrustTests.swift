import Foundation
import Testing
import TestSupport

/// What depthcheck writes, its own `check --pixels` passes and independent readers accept:
/// the depth representation SEI carries the elements its type is defined by (heif-info and
/// pillow-heif read a defined range for depth and for disparity), every map a user can hand
/// `embed` is either stored so that the result passes or refused with exit 2 and nothing
/// written, and `-o -` writes the photo to standard output.
@Suite struct WriterTrustTests {
    typealias P = EmbedRoundTripPropertyTests

    // MARK: - The depth representation SEI

    /// A 64×48 depth (or disparity) ramp spanning exactly 0.5…4.0 (both exact in Float32).
    static func ramp() -> [Float] {
        (0..<(64 * 48)).map { (i: Int) -> Float in
            let t = Double(i % 64 + i / 64) / 110
            return Float(0.5 + 3.5 * t)
        }
    }

    /// Embeds the ramp as `kind` (depth or disparity) into the orientation-1 HEIC; returns its path.
    static func embedRamp(_ s: Scratch, kind: String, format: String) throws -> String {
        let photo = s.path("photo.heic"), map = s.path("map-\(kind).pfm"), out = s.path("\(kind).heic")
        #expect(FileBytes.write(P.heicPhoto(orientation: 1), to: photo))
        #expect(FileBytes.write(P.pfm(64, 48, ramp()), to: map))
        let e = try Tools.depthcheck(["embed", "--image", photo, "--\(kind)", map, "--format", format, "--replace", "-o", out])
        try #require(e.status == 0, "\(e.stderr)")
        return out
    }

    @Test(.requires(.tool("heif-info")))
    func heifInfoReadsZNearZFarOfDepthAndDMinDMaxOfDisparity() throws {
        let s = try Scratch("trust-sei-heif-info")
        defer { s.remove() }
        let depth = try Tools.run(try #require(Tools.which("heif-info")), [try Self.embedRamp(s, kind: "depth", format: "hdep")])
        #expect(depth.status == 0, "\(depth.stderr)")
        #expect(depth.text.contains("""
                z-near: 0.500000
                z-far:  4.000000
                d-min:  undefined
                d-max:  undefined
                representation: uniform Z
            """), "\(depth.text)")
        let disparity = try Tools.run(try #require(Tools.which("heif-info")), [try Self.embedRamp(s, kind: "disparity", format: "hdis")])
        #expect(disparity.status == 0, "\(disparity.stderr)")
        #expect(disparity.text.contains("""
                z-near: undefined
                z-far:  undefined
                d-min:  0.500000
                d-max:  4.000000
                representation: uniform disparity
                disparity_reference_view: 0
            """), "\(disparity.text)")
    }

    /// pillow-heif (a current libheif) reads the SEI of each kind; its samples mapped through
    /// the SEI's own range give the values `extract --as native` gives.
    @Test(.requires(.pillowHEIF), arguments: [("depth", "hdep", "'disparity_reference_view': 0, 'representation_type': 2, 'z_far': 4.0, 'z_near': 0.5"),
                                              ("disparity", "fdis", "'d_max': 4.0, 'd_min': 0.5, 'disparity_reference_view': 0, 'representation_type': 1")])
    func pillowHEIFValuesThroughTheSEIEqualDepthchecks(_ kind: String, _ format: String, _ metadata: String) throws {
        let s = try Scratch("trust-sei-pillow-\(kind)")
        defer { s.remove() }
        let out = try Self.embedRamp(s, kind: kind, format: format)
        let native = s.path("native.npy")
        let x = try Tools.depthcheck(["extract", out, "--aux", kind, "--as", "native", "--type", "f32", "--format", "npy", "-o", native])
        try #require(x.status == 0, "\(x.stderr)")
        let script = """
            import sys, numpy, pillow_heif
            f = pillow_heif.open_heif(sys.argv[1])
            d = f.info["depth_images"][0]
            m = {k: v for k, v in d.info["metadata"].items() if k != "nonlinear_representation_model_size"}
            print("{" + ", ".join("%r: %r" % (k, round(v, 6) if isinstance(v, float) else v) for k, v in sorted(m.items())) + "}")
            s = numpy.asarray(d.to_pillow()).astype(numpy.float64)
            lo, hi = (m["z_near"], m["z_far"]) if m["representation_type"] == 2 else (m["d_min"], m["d_max"])
            ours = numpy.load(sys.argv[2]).astype(numpy.float64)
            print(s.shape, numpy.abs(lo + s / 255.0 * (hi - lo) - ours).max() <= 1e-6 * hi)
            """
        let p = try Tools.run(try #require(Tools.pyenvPython), ["-c", script, out, native])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.text == "{\(metadata)}\n(48, 64) True\n", "\(p.text)")
    }

    // MARK: - Never write a file that fails check

    /// One map `embed` is handed, and what must happen to it.
    struct MapCase: CustomStringConvertible {
        let name: String
        let container: String
        let kind: String        // depth or disparity
        let values: [Float]
        let width: Int, height: Int
        let matte: [Float]?
        /// The rule a refusal names; nil when the map must be stored.
        let refusedBy: String?
        var description: String { "\(container) \(kind) \(width)x\(height) \(name)" }
    }

    /// Seed 19: maps over both containers and both kinds with smooth, flat, narrow and wide
    /// ranges, plus maps that cannot be stored — a NaN or an infinity anywhere, negative
    /// depth, disparity at or below zero, a matte with NaN or outside 0…1 — each refused.
    static func mapCases() -> [MapCase] {
        var rng = SeededGenerator(seed: 19)
        var out: [MapCase] = []
        for n in 0..<32 {
            let heic = n % 2 == 1
            let kind = n % 4 < 2 ? "depth" : "disparity"
            let k = 1 + rng.below(16)   // a map has no more pixels than its 64×48 photo
            let (w, h) = (4 * k, 3 * k)
            let lo = [0.001, 0.2, 1.0, 30.0][rng.below(4)]
            let span = [0.0, 1e-6, 0.5, 10.0, 1000.0][rng.below(5)]
            var values = (0..<(w * h)).map { i in Float(lo + span * Double((i * 7919) % 1013) / 1012) }
            var matte: [Float]? = rng.below(3) == 0 ? (0..<(w * h)).map { i in Float(i % w) / Float(w - 1) } : nil
            var refusedBy: String? = nil
            var name = "lo \(lo) span \(span)"
            let at = rng.below(w * h)
            switch n / 4 {
            case 1:
                values[at] = .nan; name += ", NaN at \(at)"; refusedBy = "pixels.depth.value-invalid"
            case 2:
                values[at] = rng.below(2) == 0 ? .infinity : -.infinity; name += ", infinity at \(at)"
                refusedBy = "pixels.depth.value-invalid"
            case 3:
                values[at] = kind == "depth" ? -0.25 : 0; name += ", \(values[at]) at \(at)"
                refusedBy = kind == "depth" ? "pixels.depth.value-invalid" : "dictionary.float-range.invalid"
            case 4:
                matte = (0..<(w * h)).map { i in i == at ? .nan : 0.5 }; name += ", matte NaN at \(at)"; refusedBy = "refused:"
            case 5:
                matte = (0..<(w * h)).map { i in Float(i % 256) }; name += ", matte 0…255"; refusedBy = "refused:"
            default: break
            }
            out.append(MapCase(name: name, container: heic ? "heic" : "jpg", kind: kind, values: values, width: w, height: h,
                               matte: matte, refusedBy: refusedBy))
        }
        return out
    }

    /// Every output passes `check --pixels` with no error; every refusal is exit 2, names
    /// the rule, and writes nothing. Outputs are then stripped and round-tripped, and the
    /// same holds for those.
    @Test func everyEmbedStripAndRoundtripOutputPassesCheckOrIsRefusedWithNothingWritten() throws {
        let s = try Scratch("trust-property")
        defer { s.remove() }
        var stored = 0, refused = 0
        for (n, c) in Self.mapCases().enumerated() {
            let photo = s.path("photo\(n).\(c.container)")
            #expect(FileBytes.write(c.container == "heic" ? P.heicPhoto(orientation: 1) : P.jpegPhoto(orientation: 1), to: photo))
            let map = s.path("map\(n).pfm"), out = s.path("out\(n).\(c.container)")
            #expect(FileBytes.write(P.pfm(c.width, c.height, c.values), to: map))
            var args = ["embed", "--image", photo, "--\(c.kind)", map, "--replace", "-o", out]
            if let m = c.matte {
                let matte = s.path("matte\(n).pfm")
                #expect(FileBytes.write(P.pfm(c.width, c.height, m), to: matte))
                args += ["--matte", matte]
            }
            let e = try Tools.depthcheck(args)
            if let rule = c.refusedBy {
                #expect(e.status == 2, "case \(n) (\(c)): \(e.stderr)")
                #expect(e.stderr.contains(rule), "case \(n) (\(c)): \(e.stderr)")
                #expect(!FileBytes.exists(out), "case \(n) (\(c)) left \(out)")
                refused += 1
                continue
            }
            try #require(e.status == 0, "case \(n) (\(c)): \(e.stderr)")
            stored += 1
            try Self.expectPasses(out, "case \(n) (\(c)) embed")
            let stripped = s.path("stripped\(n).\(c.container)")
            let st = try Tools.depthcheck(["strip", out, c.matte == nil ? "--all" : "--aux", c.matte == nil ? "" : "matte", "-o", stripped]
                .filter { !$0.isEmpty })
            #expect(st.status == 0, "case \(n) (\(c)) strip: \(st.stderr)")
            try Self.expectPasses(stripped, "case \(n) (\(c)) strip")
            let again = s.path("again\(n).\(c.container)")
            let rt = try Tools.depthcheck(["roundtrip", out, "-o", again])
            #expect(rt.status == 0, "case \(n) (\(c)) roundtrip: \(rt.text)\(rt.stderr)")
            try Self.expectPasses(again, "case \(n) (\(c)) roundtrip -o")
        }
        #expect(stored == 12 && refused == 20, "\(stored) stored, \(refused) refused")
    }

    /// `check --pixels` of `path`: exit 0 and no error.
    static func expectPasses(_ path: String, _ what: String) throws {
        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any], "\(what): \(r.stderr)")
        let summary = try #require(json["summary"] as? [String: Any], "\(what)")
        #expect(r.status == 0 && summary["errors"] as? Int == 0, "\(what): \(r.text)")
    }

    @Test func aNaNAnywhereInTheMapIsRefusedNamingWhereItIs() throws {
        let s = try Scratch("trust-nan")
        defer { s.remove() }
        var values = Self.ramp()
        values[64 * 30 + 17] = .nan   // (17, 30), far from the first sample
        let photo = s.path("photo.jpg"), map = s.path("map.pfm"), out = s.path("out.jpg")
        #expect(FileBytes.write(P.jpegPhoto(orientation: 1), to: photo))
        #expect(FileBytes.write(P.pfm(64, 48, values), to: map))
        let e = try Tools.depthcheck(["embed", "--image", photo, "--depth", map, "-o", out])
        #expect(e.status == 2)
        #expect(e.stderr.contains("refused (pixels.depth.value-invalid)"), "\(e.stderr)")
        #expect(e.stderr.contains("1 of 3072 samples, the first at (17, 30) is nan; the finite values span 0.5…4.0"), "\(e.stderr)")
        #expect(!FileBytes.exists(out))
    }

    @Test func aDisparityOfZeroIsRefusedWithTheRangeRuleNamed() throws {
        let s = try Scratch("trust-zero-disparity")
        defer { s.remove() }
        var values = Self.ramp()
        values[0] = 0
        let photo = s.path("photo.heic"), map = s.path("map.pfm"), out = s.path("out.heic")
        #expect(FileBytes.write(P.heicPhoto(orientation: 1), to: photo))
        #expect(FileBytes.write(P.pfm(64, 48, values), to: map))
        let e = try Tools.depthcheck(["embed", "--image", photo, "--disparity", map, "--replace", "-o", out])
        #expect(e.status == 2)
        #expect(e.stderr.contains("refused (dictionary.float-range.invalid)"), "\(e.stderr)")
        #expect(e.stderr.contains("1 of 3072 samples, the first at (0, 0) is 0.0"), "\(e.stderr)")
        #expect(!FileBytes.exists(out))
    }

    /// A rewrite whose result fails check is refused by the gate with the rule named: the
    /// input's FloatMinValue and FloatMaxValue are swapped, which a rewrite does not repair.
    @Test func aRoundtripWhoseResultFailsCheckIsRefusedAndWritesNothing() throws {
        let s = try Scratch("trust-gate")
        defer { s.remove() }
        let out = s.path("out.jpg")
        let bad = "Corpus/bad/dictionary.float-range.invalid/float-range-swapped.jpg"
        try #require(FileBytes.exists(TestData.packageRoot + "/" + bad), "\(bad) is missing from the bad corpus")
        let r = try Tools.depthcheck(["roundtrip", bad, "-o", out])
        #expect(r.status == 2, "\(r.text)\(r.stderr)")
        #expect(r.stderr.contains("refused (dictionary.float-range.invalid): the result would fail check; nothing written"), "\(r.stderr)")
        #expect(!FileBytes.exists(out))
    }

    // MARK: - -o -

    @Test(arguments: ["jpg", "heic"])
    func embedStripAndRoundtripWriteThePhotoToStandardOutput(_ container: String) throws {
        let s = try Scratch("trust-stdout-\(container)")
        defer { s.remove() }
        let photo = s.path("photo.\(container)"), map = s.path("map.pfm"), file = s.path("file.\(container)")
        #expect(FileBytes.write(container == "heic" ? P.heicPhoto(orientation: 1) : P.jpegPhoto(orientation: 1), to: photo))
        #expect(FileBytes.write(P.pfm(64, 48, Self.ramp()), to: map))
        let toFile = try Tools.depthcheck(["embed", "--image", photo, "--depth", map, "--replace", "-o", file])
        try #require(toFile.status == 0, "\(toFile.stderr)")
        let toStdout = try Tools.run(Tools.depthcheck, ["embed", "--image", photo, "--depth", map, "--replace", "-o", "-"],
                                     directory: s.dir)
        #expect(toStdout.status == 0, "\(toStdout.stderr)")
        #expect(toStdout.stdout == Scratch.bytes(file), "the photo on standard output differs from the one written to a file")
        #expect(toStdout.stderr == "standard output: depth 64x48 embedded\n", "\(toStdout.stderr)")
        let strip = try Tools.run(Tools.depthcheck, ["strip", file, "--all", "-o", "-"], directory: s.dir)
        #expect(strip.status == 0 && strip.stderr.hasPrefix("standard output: removed depth"), "\(strip.stderr)")
        #expect(strip.stdout.count > 0 && strip.stdout.count < (Scratch.bytes(file)?.count ?? 0))
        let rt = try Tools.run(Tools.depthcheck, ["roundtrip", file, "-o", "-"], directory: s.dir)
        #expect(rt.status == 0 && rt.stderr.contains("written to standard output"), "\(rt.stderr)")
        #expect(rt.stdout.starts(with: container == "heic" ? [0, 0, 0] : [0xFF, 0xD8]))
        #expect(!FileBytes.exists(s.path("-")), "a file named - was created")
    }
}
