import Container
import Foundation
import Testing
import TestSupport
@testable import AuxData

/// A HEVC map of any size from 1×1 is stored at its own size: coded padded to what libheif
/// 1.15 codes as it is, cropped by the SPS conformance window (ITU-T H.265 §7.4.3.2.1), with
/// `ispe` the map's size, and decoded back losslessly by libheif, heif-info, heif-convert and
/// pillow-heif.
@Suite struct HEVCMapSizeTests {
    static let sizes = [(193, 257), (1, 1), (63, 65), (64, 64), (2, 3), (66, 66), (100, 64)]

    static var photo: [UInt8] { GoodCorpus.all.first { $0.name == "heif-disparity.heic" }?.make() ?? [] }

    /// Samples that change from each one to the next, so that any misplaced row or column
    /// shows, plus some noise.
    static func samples(_ w: Int, _ h: Int) -> [UInt8] {
        var rng = SeededGenerator(seed: UInt64(w * 100_003 + h))
        return (0..<(w * h)).map { i in UInt8(truncatingIfNeeded: (i % w) * 7 + (i / w) * 13 + rng.below(9)) }
    }

    /// The photo with a `w`×`h` disparity map added: its bytes, the model, the new aux image.
    static func embedded(_ w: Int, _ h: Int) throws -> ([UInt8], ParsedPhoto, ParsedAuxImage) {
        let map = AuxMap(kind: .disparity, width: w, height: h, samples: samples(w, h), nativeFormat: PixelFormat.hdis,
                         floatMin: 0.5, floatMax: 2)
        let bytes = try AuxEmbedder.edit(photo, removing: [], adding: [map])
        let read = try PhotoReader.read(bytes)
        #expect(read.auxImages.count == 2)
        let aux = try #require(read.auxImages.last)
        return (bytes, read, aux)
    }

    @Test(arguments: sizes)
    func aMapOfAnySizeRoundTripsExactly(_ w: Int, _ h: Int) throws {
        let (bytes, photo, aux) = try Self.embedded(w, h)
        // ispe is the map's own size, and so is the SPS once cropped.
        #expect(aux.coded.codec == .hevc && aux.coded.width == w && aux.coded.height == h)
        let file = try HEIF.File(parsing: bytes)
        let id = try #require(UInt32(exactly: aux.index))
        let hvcC = try #require(file.properties(of: id).first { $0.type == BMFF.BoxType.hvcC })
        var r = try ByteReader(bytes, range: (hvcC.range.lowerBound + 8)..<hvcC.range.upperBound, path: "hvcC")
        let config = try HEIF.HEVCConfiguration(parsing: &r)
        let sps = try #require(config.sps)
        #expect(sps.chromaFormatIDC == 0 && sps.bitDepthLuma == 8)
        #expect(sps.croppedWidth == UInt32(w) && sps.croppedHeight == UInt32(h))
        #expect(sps.picWidthInLumaSamples >= UInt32(max(64, w)) && sps.picWidthInLumaSamples % 8 == 0)
        #expect(sps.picHeightInLumaSamples >= UInt32(max(64, h)) && sps.picHeightInLumaSamples % 8 == 0)
        #expect(sps.confWinLeftOffset == 0 && sps.confWinTopOffset == 0)
        // The coded data holds one IDR picture's slice (IDR_N_LP, H.265 Table 7-1) and no
        // parameter set of its own (libheif 1.15 puts them all in hvcC), so there is no second
        // SPS to disagree with the first.
        let data = try #require(file.dataRanges[id]).flatMap { bytes[$0] }
        #expect(Self.nalTypes(data) == [20])
        // libheif decodes the cropped picture, sample for sample.
        let decoded = try AuxDecoder(photo: photo, bytes: bytes).storedImage(aux)
        #expect(decoded.width == w && decoded.height == h && decoded.layout.bitDepth == 8)
        let same = decoded.samples.map { UInt8(truncatingIfNeeded: $0) } == Self.samples(w, h)
        #expect(same, "the decoded samples differ from the map's")
        // The map that was there is untouched.
        #expect(photo.auxImages.first?.coded.width == 16 && photo.auxImages.first?.coded.height == 12)
    }

    /// nal_unit_type of each length-prefixed (4-byte) NAL unit, H.265 §7.3.1.2.
    static func nalTypes(_ data: [UInt8]) -> [Int] {
        var out: [Int] = []
        var at = 0
        while at + 5 <= data.count {
            let n = Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
            out.append(Int(data[at + 4] >> 1) & 0x3F)
            at += 4 + n
        }
        return out
    }

    @Test func sidesOver65500AreRefusedAsASize() throws {
        let e = #expect(throws: WriteError.self) { try HEVCGrayEncoder.encode([UInt8](repeating: 1, count: 65_501), width: 65_501, height: 1) }
        #expect(e?.reason == .mapSizeUnsupported)
        #expect(e?.detail == "65501x1: HEVC aux maps are written up to 65500x65500")
    }

    @Test func paddingRepeatsTheLastColumnAndRow() {
        #expect(HEVCGrayEncoder.codedSide(1) == 64 && HEVCGrayEncoder.codedSide(63) == 64 && HEVCGrayEncoder.codedSide(64) == 64)
        #expect(HEVCGrayEncoder.codedSide(65) == 66 && HEVCGrayEncoder.codedSide(193) == 194 && HEVCGrayEncoder.codedSide(65_499) == 65_500)
        #expect(HEVCGrayEncoder.pad([1, 2, 3, 4, 5, 6], width: 3, height: 2, to: 4, 3) == [1, 2, 3, 3, 4, 5, 6, 6, 4, 5, 6, 6])
    }

    // MARK: - Other decoders

    static func written(_ w: Int, _ h: Int) throws -> String {
        let (bytes, _, _) = try embedded(w, h)
        let dir = NSTemporaryDirectory() + "hevc-map-size-\(getpid())-\(w)x\(h)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/photo.heic"
        #expect(FileBytes.write(bytes, to: path))
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    @Test(.requires(.tool("heif-info")), arguments: [(193, 257), (63, 65), (1, 1)])
    func heifInfoSeesTheMapsSize(_ w: Int, _ h: Int) throws {
        let path = try Self.written(w, h)
        defer { Self.remove(path) }
        let r = try Tools.run(try #require(Tools.which("heif-info")), [path])
        #expect(r.status == 0, "\(r.stderr)")
        // libheif 1.15 shows one depth image per image, the last: the one added. heif-info
        // prints its handle's size (ispe); heif-convert below decodes it.
        #expect(r.text.contains("depth channel: yes\n (\(w)x\(h))"), "\(r.text)")
    }

    @Test(.requires(.tool("heif-convert"), .pillowHEIF), arguments: [(193, 257), (63, 65), (2, 3)])
    func heifConvertDecodesTheMapLosslessly(_ w: Int, _ h: Int) throws {
        let path = try Self.written(w, h)
        defer { Self.remove(path) }
        let dir = (path as NSString).deletingLastPathComponent
        let r = try Tools.run(try #require(Tools.which("heif-convert")), ["--with-aux", "--quiet", path, dir + "/out.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let depth = try #require((try FileManager.default.contentsOfDirectory(atPath: dir)).first { $0.contains("depth") && $0.hasSuffix(".png") },
                                 "heif-convert wrote no depth image")
        // Pillow reads heif-convert's PNG; the samples are compared as bytes.
        let python = try #require(Tools.pyenvPython)
        let p = try Tools.run(python, ["-c", """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]).convert('L')
            sys.stdout.write('%dx%d\\n' % im.size)
            sys.stdout.buffer.write(im.tobytes())
            """, dir + "/" + depth])
        #expect(p.status == 0, "\(p.stderr)")
        let header = Array("\(w)x\(h)\n".utf8)
        #expect(Array(p.stdout.prefix(header.count)) == header)
        let same = Array(p.stdout.dropFirst(header.count)) == Self.samples(w, h)
        #expect(same, "heif-convert's samples differ from the map's")
    }

    @Test(.requires(.pillowHEIF), arguments: [(193, 257), (1, 1), (63, 65)])
    func pillowHeifDecodesTheMapLosslessly(_ w: Int, _ h: Int) throws {
        let path = try Self.written(w, h)
        defer { Self.remove(path) }
        let python = try #require(Tools.pyenvPython)
        // pillow-heif lists depth images in info["depth_images"] as HeifDepthImage;
        // like libheif 1.15 it gives one, the last added (checked with pillow-heif 1.8.1, libheif 1.23.6).
        let p = try Tools.run(python, ["-c", """
            import sys, pillow_heif
            f = pillow_heif.open_heif(sys.argv[1])
            d = f.info['depth_images']
            sys.stdout.write('%d %dx%d %s\\n' % (len(d), d[-1].size[0], d[-1].size[1], d[-1].mode))
            sys.stdout.buffer.write(d[-1].to_pillow().convert('L').tobytes())
            """, path])
        #expect(p.status == 0, "\(p.stderr)")
        let header = Array("1 \(w)x\(h) L\n".utf8)
        #expect(Array(p.stdout.prefix(header.count)) == header, "\(String(decoding: p.stdout.prefix(40), as: UTF8.self))")
        let same = Array(p.stdout.dropFirst(header.count)) == Self.samples(w, h)
        #expect(same, "pillow-heif's samples differ from the map's")
    }
}
