import Foundation
import Testing
import TestSupport

/// `embed --image` of a PNG or binary PPM (or a plain JPEG): the pixels become a new primary,
/// encoded by OUT's extension, and the maps are attached as to a camera's photo.
@Suite struct EmbedNewPrimaryTests {
    static let (w, h) = (128, 96)

    /// R G B samples of a smooth picture.
    static let rgb: [UInt8] = (0..<(w * h)).flatMap { k in [UInt8(k % w * 2), UInt8(k / w * 2), 90] }
    static var ppm: [UInt8] { Array("P6\n\(w) \(h)\n255\n".utf8) + rgb }
    static var png: [UInt8] { PNGFixture.rgb(width: w, height: h, bitDepth: 8, samples: rgb.map(Int.init)) }
    /// A depth map of the picture's size: gray 0 = zNear 1 m, 255 = zFar 3 m.
    static let map: [UInt8] = (0..<(w * h)).map { UInt8(($0 % w + $0 / w) % 256) }
    static var pgm: [UInt8] { Array("P5 \(w) \(h) 255\n".utf8) + map }

    static func worstSteps(_ back: String, _ out: String) throws -> Double {
        let got = try #require(EmbedRoundTripPropertyTests.readPFM(Scratch.bytes(back) ?? []))
        #expect(got.width == w && got.height == h)
        let (lo, hi) = try WriterCommandTests.floatRange(out, kind: "depth")
        let step = (hi - lo) / 255
        var worst = 0.0
        for (k, v) in got.values.enumerated() {
            worst = max(worst, abs(Double(v) - (1 + Double(map[k]) / 255 * 2)) / step)
        }
        return worst
    }

    @Test(arguments: ["png", "ppm"], ["heic", "jpg"])
    func aPictureBecomesAPhotoWithItsDepth(_ input: String, _ container: String) throws {
        let s = try Scratch("embed-new-\(input)-\(container)")
        defer { s.remove() }
        let image = s.path("in.\(input)"), d = s.path("d.pgm"), out = s.path("out.\(container)"), back = s.path("back.pfm")
        #expect(FileBytes.write(input == "png" ? Self.png : Self.ppm, to: image))
        #expect(FileBytes.write(Self.pgm, to: d))
        let r = try Tools.depthcheck(["embed", "--image", image, "--depth", d, "--znear", "1", "--zfar", "3", "-o", out])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(r.text == "\(out): depth 128x96 embedded into a new 128x96 primary from the \(input.uppercased())\n")
        let check = try Tools.depthcheck(["check", out])
        #expect(check.status == 0 && check.text.contains("0 errors, 0 warnings, 0 notes"), "\(check.text)")
        let info = try Tools.depthcheck(["info", out]).text
        #expect(info.contains("codec: \(container == "heic" ? "hvc1" : "jpeg")"))
        let x = try Tools.depthcheck(["extract", out, "--aux", "depth", "-o", back])
        try #require(x.status == 0, "\(x.stderr)")
        // Lossless HEVC keeps the quantised samples; a quality-100 JPEG moves them by up to two.
        let worst = try Self.worstSteps(back, out)
        #expect(worst <= (container == "heic" ? 0.5 + 1e-6 : 2.5), "\(worst) steps")
    }

    @Test(.requires(.tool("heif-info"), .pillowHEIF))
    func heifInfoAndPillowHEIFOpenTheNewHEIC() throws {
        let s = try Scratch("embed-new-heic-readers")
        defer { s.remove() }
        let image = s.path("in.png"), d = s.path("d.pgm"), out = s.path("out.heic")
        #expect(FileBytes.write(Self.png, to: image) && FileBytes.write(Self.pgm, to: d))
        let r = try Tools.depthcheck(["embed", "--image", image, "--depth", d, "--znear", "1", "--zfar", "3", "-o", out])
        try #require(r.status == 0, "\(r.stderr)")
        let (lo, hi) = try WriterCommandTests.floatRange(out, kind: "depth")
        // The map's own range: gray 0 (1 m) to gray 222 (1 + 222/255·2 m), stored as Float32.
        #expect(lo == 1 && abs(hi - (1 + 222.0 / 255 * 2)) < 1e-6)
        let info = try Tools.run(try #require(Tools.which("heif-info")), [out])
        #expect(info.text.contains("image: 128x96 (id=1), primary"))
        #expect(info.text.contains("depth channel: yes"))
        // Depth is uniform Z (H.265 depth_representation_type 2): ZNear/ZFar hold the range.
        #expect(info.text.contains("z-near: 1.000000") && info.text.contains(String(format: "z-far:  %.6f", hi)), "\(info.text)")
        #expect(info.text.contains("representation: uniform Z"))
        let script = """
            import sys, numpy as np, pillow_heif
            f = pillow_heif.open_heif(sys.argv[1])
            a = np.asarray(f)
            d = f.info["depth_images"][0]
            m = d.info["metadata"]
            print(f.size, f.mode, int(np.abs(a.astype(int) - np.frombuffer(open(sys.argv[2], "rb").read(), np.uint8).reshape(a.shape)).max() <= 12))
            print(d.size, int(m["representation_type"] == 2 and m["z_near"] == float(sys.argv[3]) and m["z_far"] == float(sys.argv[4])))
            """
        let raw = s.path("rgb.bin")
        #expect(FileBytes.write(Self.rgb, to: raw))
        let p = try Tools.run(try #require(Tools.pyenvPython), ["-c", script, out, raw, "\(lo)", "\(hi)"])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.text == "(128, 96) RGB 1\n(128, 96) 1\n")
    }

    @Test(.requires(.tool("exiftool"), .tool("djpeg")))
    func exifToolAndDjpegReadTheNewJPEG() throws {
        let s = try Scratch("embed-new-jpeg-readers")
        defer { s.remove() }
        let image = s.path("in.ppm"), d = s.path("d.pgm"), out = s.path("out.jpg")
        #expect(FileBytes.write(Self.ppm, to: image) && FileBytes.write(Self.pgm, to: d))
        let r = try Tools.depthcheck(["embed", "--image", image, "--depth", d, "--znear", "1", "--zfar", "3", "-o", out])
        try #require(r.status == 0, "\(r.stderr)")
        let et = try Tools.run(try #require(Tools.which("exiftool")), ["-a", "-G3:1", "-ee", out])
        #expect(et.text.contains("Number Of Images                : 2"))
        #expect(et.text.contains("Auxiliary Image Type            : depth"))
        // djpeg decodes the primary (the file's first image) to the input's size, in colour.
        let primary = try Tools.run(try #require(Tools.which("djpeg")), ["-pnm", out])
        #expect(primary.status == 0)
        #expect(Array(primary.stdout.prefix(11)) == Array("P6\n128 96\n2".utf8))
        #expect(primary.stdout.count == "P6\n128 96\n255\n".utf8.count + 128 * 96 * 3)
    }

    @Test func aPlainJPEGKeepsItsPrimaryAsAJPEGAndBecomesANewHEIC() throws {
        let s = try Scratch("embed-new-plain-jpeg")
        defer { s.remove() }
        let png = s.path("in.png"), plain = s.path("plain.jpg"), d = s.path("d.pgm")
        #expect(FileBytes.write(Self.png, to: png) && FileBytes.write(Self.pgm, to: d))
        // A JPEG without aux images: the PNG written as a JPEG, its depth stripped again.
        let first = try Tools.depthcheck(["embed", "--image", png, "--depth", d, "--znear", "1", "--zfar", "3", "-o", s.path("tmp.jpg")])
        try #require(first.status == 0)
        #expect(try Tools.depthcheck(["strip", s.path("tmp.jpg"), "--all", "-o", plain]).status == 0)
        let plainBytes = try #require(Scratch.bytes(plain))
        let toJPEG = try Tools.depthcheck(["embed", "--image", plain, "--depth", d, "--znear", "1", "--zfar", "3", "-o", s.path("a.jpg")])
        #expect(toJPEG.text == "\(s.path("a.jpg")): depth 128x96 embedded\n")
        let toHEIC = try Tools.depthcheck(["embed", "--image", plain, "--depth", d, "--znear", "1", "--zfar", "3", "-o", s.path("b.heic")])
        #expect(toHEIC.text == "\(s.path("b.heic")): depth 128x96 embedded into a new 128x96 primary from the JPEG\n")
        for out in [s.path("a.jpg"), s.path("b.heic")] {
            let check = try Tools.depthcheck(["check", out])
            #expect(check.status == 0 && check.text.contains("0 errors, 0 warnings, 0 notes"), "\(check.text)")
        }
        #expect(Scratch.bytes(plain) == plainBytes)
        // A JPEG with aux images is not turned into a HEIC that would lose them.
        let withAux = try Tools.depthcheck(["embed", "--image", s.path("a.jpg"), "--depth", d, "--znear", "1", "--zfar", "3",
                                            "--replace", "-o", s.path("c.heic")])
        #expect(withAux.status == 2)
        #expect(withAux.stderr == "depthcheck: \(s.path("a.jpg")) has aux images (depth), which a new HEIC would not keep; strip them first or write a JPEG\n")
        #expect(!FileManager.default.fileExists(atPath: s.path("c.heic")))
    }

    @Test func refusalsNameTheRuleAndWriteNothing() throws {
        let s = try Scratch("embed-new-refusals")
        defer { s.remove() }
        let image = s.path("in.png"), square = s.path("sq.pgm"), matte = s.path("m.pgm")
        #expect(FileBytes.write(Self.png, to: image))
        #expect(FileBytes.write(Array("P5 64 64 255\n".utf8) + [UInt8](repeating: 7, count: 64 * 64), to: square))
        #expect(FileBytes.write(Self.pgm, to: matte))
        let imageBefore = Scratch.bytes(image)
        let cases: [([String], String)] = [
            (["embed", "--image", image, "--depth", square, "--znear", "1", "--zfar", "3", "-o", s.path("o.heic")],
             "refused (geometry.aux.aspect-mismatch): \(square) is 64×64, the photo 128×96: the aspect ratios differ by more than one pixel (a 64-wide map of this photo is 48 high)"),
            (["embed", "--image", image, "--depth", square, "--znear", "1", "--zfar", "3", "-o", s.path("o.jpg")],
             "refused (geometry.aux.aspect-mismatch): \(square) is 64×64, the photo 128×96: the aspect ratios differ by more than one pixel (a 64-wide map of this photo is 48 high)"),
            (["embed", "--image", image, "--matte", matte, "-o", s.path("o.heic")],
             "refused (matte.requires-depth): a portrait effects matte needs a depth or disparity image on the same photo; give --depth or --disparity"),
            (["embed", "--image", image, "--matte", matte, "-o", s.path("o.png")],
             "\(image) is a PNG: give -o ending in .jpg, .jpeg, .heic or .heif to encode it as a new photo"),
        ]
        for (args, message) in cases {
            let r = try Tools.depthcheck(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr == "depthcheck: \(message)\n")
        }
        #expect(s.names() == ["in.png", "m.pgm", "sq.pgm"])
        #expect(Scratch.bytes(image) == imageBefore)
    }
}
