import Foundation
import Testing
import TestSupport

/// The exports people use beside PFM and npy: a TIFF that Pillow and ExifTool read (Float32
/// values, or the stored integers; gray or RGB), and the coded data as stored.
@Suite struct ExportFormatTests {
    @Test(.requires(.pythonModules("numpy", "PIL")))
    func pillowReadsTheTIFFsValuesAndSamples() throws {
        let s = try Scratch("export-tiff")
        defer { s.remove() }
        let file = "Corpus/good/jpeg-disparity.jpg"
        #expect(try Tools.depthcheck(["extract", file, "-o", s.path("v.tif")]).status == 0)
        #expect(try Tools.depthcheck(["extract", file, "-o", s.path("v.npy")]).status == 0)
        #expect(try Tools.depthcheck(["extract", file, "--as", "stored", "-o", s.path("s.tiff")]).status == 0)
        #expect(try Tools.depthcheck(["extract", file, "--as", "stored", "-o", s.path("s.npy")]).status == 0)
        #expect(FileBytes.write(UltraHDRFixture.colourPhoto(), to: s.path("u.jpg")))
        #expect(try Tools.depthcheck(["extract", s.path("u.jpg"), "--aux", "gainmap", "--as", "stored", "-o", s.path("c.tif")]).status == 0)
        #expect(try Tools.depthcheck(["extract", s.path("u.jpg"), "--aux", "gainmap", "--as", "stored", "-o", s.path("c.npy")]).status == 0)
        let r = try Tools.run(try #require(Tools.pyenvPython), ["-c", """
            import sys, numpy as np
            from PIL import Image
            d = sys.argv[1]
            for tif, npy in (("v.tif", "v.npy"), ("s.tiff", "s.npy"), ("c.tif", "c.npy")):
                im = Image.open(d + "/" + tif)
                a = np.asarray(im); b = np.load(d + "/" + npy)
                print(tif, im.mode, a.dtype, a.shape, bool((a == b).all()))
            """, s.dir])
        #expect(r.text == "v.tif F float32 (12, 16) True\ns.tiff L uint8 (12, 16) True\nc.tif RGB uint8 (12, 16, 3) True\n", "\(r.text)\(r.stderr)")
    }

    /// A colour gain map's values: an RGB Float32 TIFF, as ExifTool describes it.
    @Test(.requires(.tool("exiftool")))
    func exiftoolDescribesAnRGBFloatTIFF() throws {
        let s = try Scratch("export-tiff-rgb")
        defer { s.remove() }
        #expect(FileBytes.write(UltraHDRFixture.colourPhoto(), to: s.path("u.jpg")))
        #expect(try Tools.depthcheck(["extract", s.path("u.jpg"), "--aux", "gainmap", "-o", s.path("g.tiff")]).status == 0)
        let r = try Tools.run(try #require(Tools.which("exiftool")),
                              ["-s3", "-ImageWidth", "-ImageHeight", "-BitsPerSample", "-SampleFormat", "-PhotometricInterpretation", "-StripByteCounts", s.path("g.tiff")])
        #expect(r.text == "16\n12\n32 32 32\nFloat; Float; Float\nRGB\n2304\n", "\(r.text)")
        #expect(FileBytes.read(s.path("g.tiff"))?.count == 160 + 2304)
    }

    /// --format coded: the MP image as ExifTool's -b -MPImage2 gives it; a HEIF item as a
    /// HEIF that libheif opens and decodes to the item's size.
    @Test(.requires(.tool("exiftool"), .tool("heif-info")))
    func codedDataIsTheStoredImage() throws {
        let s = try Scratch("export-coded")
        defer { s.remove() }
        let jpeg = "Corpus/good/jpeg-disparity.jpg"
        #expect(try Tools.depthcheck(["extract", jpeg, "--format", "coded", "-o", s.path("d.jpg")]).status == 0)
        let et = try Tools.run(try #require(Tools.which("exiftool")), ["-b", "-MPImage2", jpeg])
        #expect(FileBytes.read(s.path("d.jpg")) == et.stdout && !et.stdout.isEmpty)
        #expect(try Tools.depthcheck(["extract", "Corpus/good/heif-disparity.heic", "--format", "coded", "-o", s.path("d.heic")]).status == 0)
        let info = try Tools.run(try #require(Tools.which("heif-info")), [s.path("d.heic")])
        #expect(info.status == 0 && info.text.contains("image: 16x12"), "\(info.text)")
        let bad = try Tools.depthcheck(["extract", jpeg, "--format", "coded", "--as", "depth", "-o", s.path("x.jpg")])
        #expect(bad.status == 2 && bad.stderr.contains("--format coded writes the coded data as stored"))
        let all = try Tools.depthcheck(["extract", "Corpus/good/heif-disparity.heic", "--all", "--format", "coded", "-o", s.path("all")])
        #expect(all.status == 0)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: s.path("all"))) == ["heif-disparity.2.disparity.heic"])
    }
}
