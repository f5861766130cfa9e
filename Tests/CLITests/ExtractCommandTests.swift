import Foundation
import Testing
import TestSupport

/// `depthcheck extract`: the formats, the choice of aux image, orientation, and the file
/// safety every command keeps (atomic output, no silent replacement, inputs untouched).
@Suite struct ExtractCommandTests {
    static let iPhoneX = TestData.real("apple-jpeg-disparity-iphonex.jpg")
    static let good = "Corpus/good/jpeg-disparity.jpg"

    /// The good corpus's disparity file with Exif Orientation 6 on the primary (64×48 stored,
    /// 48×64 displayed) and its 16×12 disparity.
    static func orientation6(_ s: Scratch) throws -> String {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 6)],
                                             secondaries: [JPEGFixture.disparityAux()])
        let p = s.path("rotated.jpg")
        #expect(FileBytes.write(bytes, to: p))
        return p
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func pfmHoldsFloat32ValuesBottomRowFirst() throws {
        let s = try Scratch("extract-pfm")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", Self.iPhoneX, "--aux", "depth", "-o", s.path("d.pfm")])
        #expect(r.status == 0, "\(r.stderr)")
        let pfm = try #require(Scratch.bytes(s.path("d.pfm")))
        let header = Array("Pf\n576 768\n-1.0\n".utf8)
        #expect(Array(pfm.prefix(header.count)) == header)
        #expect(pfm.count == header.count + 576 * 768 * 4)
        // The same values as raw Float32, top row first: PFM's first row is raw's last.
        let raw = try Tools.depthcheck(["extract", Self.iPhoneX, "--aux", "depth", "--format", "raw", "--type", "f32", "-o", "-"])
        #expect(raw.status == 0)
        #expect(raw.stdout.count == 576 * 768 * 4)
        let rowBytes = 576 * 4
        #expect(Array(pfm[header.count..<(header.count + rowBytes)]) == Array(raw.stdout.suffix(rowBytes)))
        #expect(Array(pfm.suffix(rowBytes)) == Array(raw.stdout.prefix(rowBytes)))
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .pillowHEIF))
    func npyLoadsWithNumpyAsFloat32UnlessF16IsAsked() throws {
        let s = try Scratch("extract-npy")
        defer { s.remove() }
        // npy is float32 by default: numpy's mean of a float16 map overflows to inf.
        #expect(try Tools.depthcheck(["extract", Self.iPhoneX, "--aux", "depth", "-o", s.path("f.npy")]).status == 0)
        #expect(try Tools.depthcheck(["extract", Self.iPhoneX, "--aux", "depth", "--type", "f16", "-o", s.path("d.npy")]).status == 0)
        #expect(try Tools.depthcheck(["extract", Self.iPhoneX, "--aux", "depth", "--as", "depth", "--type", "f32",
                                      "-o", s.path("m.npy")]).status == 0)
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, ["-c", """
            import numpy as np
            d = np.load('\(s.path("d.npy"))'); m = np.load('\(s.path("m.npy"))'); f = np.load('\(s.path("f.npy"))')
            print(f.dtype, d.dtype, d.shape, m.dtype, m.shape, bool(np.allclose(1 / d.astype(np.float32), m, rtol=1e-3)),
                  bool(np.allclose(f, d.astype(np.float32), rtol=1e-3)), bool(np.isfinite(f.mean())))
            """])
        #expect(String(decoding: r.stdout, as: UTF8.self) == "float32 float16 (768, 576) float32 (768, 576) True True True\n")
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .tool("exiftool"), .tool("djpeg"), .pillowHEIF))
    func storedPNGHoldsDjpegsSamples() throws {
        let s = try Scratch("extract-stored")
        defer { s.remove() }
        #expect(try Tools.depthcheck(["extract", Self.iPhoneX, "--aux", "depth", "--as", "stored", "-o", s.path("s.png")]).status == 0)
        let stream = try Tools.run(try #require(Tools.which("exiftool")), ["-b", "-MPImage2", Self.iPhoneX]).stdout
        let pgm = try Tools.run(try #require(Tools.which("djpeg")), ["-grayscale", "-pnm"], input: stream).stdout
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, ["-c", """
            import sys, io
            from PIL import Image
            a = Image.open('\(s.path("s.png"))'); b = Image.open(io.BytesIO(sys.stdin.buffer.read()))
            print(a.mode, a.size, a.tobytes() == b.tobytes())
            """], input: pgm)
        #expect(String(decoding: r.stdout, as: UTF8.self) == "L (576, 768) True\n")
    }

    @Test func orientOnAnOrientation6FileGivesTheDisplayedAspect() throws {
        let s = try Scratch("extract-orient")
        defer { s.remove() }
        let photo = try Self.orientation6(s)
        #expect(try Tools.depthcheck(["extract", photo, "--aux", "depth", "-o", s.path("stored.pfm")]).status == 0)
        #expect(try Tools.depthcheck(["extract", photo, "--aux", "depth", "--orient", "-o", s.path("shown.pfm")]).status == 0)
        #expect(Array(try #require(Scratch.bytes(s.path("stored.pfm"))).prefix(9)) == Array("Pf\n16 12\n".utf8))
        #expect(Array(try #require(Scratch.bytes(s.path("shown.pfm"))).prefix(9)) == Array("Pf\n12 16\n".utf8))
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let s = try Scratch("extract-force")
        defer { s.remove() }
        let target = try s.write("keep", to: "d.pfm")
        let r = try Tools.depthcheck(["extract", Self.good, "--aux", "depth", "-o", target])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: \(target) exists; not replaced without --force\n")
        #expect(Scratch.bytes(target) == Array("keep".utf8))
        #expect(try Tools.depthcheck(["extract", Self.good, "--aux", "depth", "--force", "-o", target]).status == 0)
        #expect(Scratch.bytes(target)?.count == "Pf\n16 12\n-1.0\n".utf8.count + 16 * 12 * 4)
        #expect(s.names() == ["d.pfm"])
    }

    @Test func theInputIsNeverTheOutput() throws {
        let s = try Scratch("extract-input")
        defer { s.remove() }
        let input = try s.copy(Self.good, to: "in.jpg")
        let before = Scratch.bytes(input)
        let r = try Tools.depthcheck(["extract", input, "--aux", "depth", "--force", "--format", "pfm", "-o", input])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refusing to write to \(input): it is one of the inputs\n")
        // Without --format the name itself is refused: .jpg is no format extract writes.
        let named = try Tools.depthcheck(["extract", input, "--aux", "depth", "--force", "-o", input])
        #expect(named.status == 2)
        #expect(named.stderr.hasPrefix("depthcheck: \(input): unknown extension .jpg; name it .pfm, .npy, .png, .tif or .raw, or give --format (--format coded writes the image as stored, a JPEG as a JPEG)\n"))
        #expect(Scratch.bytes(input) == before)
    }

    @Test func aTruncatedAuxStreamFailsAndLeavesNoFile() throws {
        let s = try Scratch("extract-truncated")
        defer { s.remove() }
        var bytes = JPEGFixture.demoDisparity()
        bytes.removeLast(12)   // the end of the disparity image's entropy-coded data and its EOI
        let photo = s.path("cut.jpg")
        #expect(FileBytes.write(bytes, to: photo))
        let r = try Tools.depthcheck(["extract", photo, "--aux", "depth", "-o", s.path("d.pfm")])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("depthcheck: \(photo): MPImage[2] at offset "))
        #expect(s.names() == ["cut.jpg"])
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func allWritesEveryAuxImageIntoTheFolder() throws {
        let s = try Scratch("extract-all")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", TestData.real("apple-heic-depth-gainmap-ios16.heic"), "--all", "--format", "npy",
                                      "-o", s.dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(s.names() == ["apple-heic-depth-gainmap-ios16.52.hdrGainMap.npy", "apple-heic-depth-gainmap-ios16.54.disparity.npy"])
    }

    @Test func aMissingKindIsReported() throws {
        let r = try Tools.depthcheck(["extract", Self.good, "--aux", "matte", "-o", "-"])
        #expect(r.status == 1)
        #expect(r.stderr == "depthcheck: \(Self.good) has no matte aux image; it has 2 (disparity)\n")
        #expect(r.stdout.isEmpty)
    }
}
