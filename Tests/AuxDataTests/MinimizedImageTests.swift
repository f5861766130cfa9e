import AuxData
import Container
import Foundation
import Testing
import TestSupport

/// The low-overhead `mini` box (ISO/IEC 23008-12 Annex O) read into the same model as `meta`:
/// the image, its alpha plane, Exif and XMP, decoded through the same path.
@Suite struct MinimizedImageTests {
    static let (w, h) = (48, 32)

    static func withAlpha(orientation: Int = 1) throws -> [UInt8] {
        let main = try MiniFixture.picture(MiniFixture.gradient(width: w, height: h, seed: 0), width: w, height: h)
        let alpha = try MiniFixture.picture(MiniFixture.gradient(width: w, height: h, seed: 100), width: w, height: h)
        let xmp = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/></x:xmpmeta>".utf8)
        return MiniFixture.file(width: w, height: h, main: main, alpha: alpha, orientation: orientation,
                                exif: Array(JPEGFixture.exif(orientation: 1).dropFirst(10)), xmp: xmp)
    }

    /// The `meta` box an expansion appends, byte for byte, for files of fixed bytes: an
    /// alpha plane with its own configuration, Exif with a TIFF header (moved into idat behind
    /// a zero exif_tiff_header_offset), XMP and a rotation; and a file with neither alpha nor
    /// metadata, mirrored. Every offset a finding names in an expanded file depends on it.
    @Test func theExpandedMetaBoxIsPinned() throws {
        let main = MiniFixture.Picture(config: [UInt8](repeating: 0x11, count: 23), data: [UInt8](repeating: 0x22, count: 40))
        let alpha = MiniFixture.Picture(config: [UInt8](repeating: 0x33, count: 23), data: [UInt8](repeating: 0x44, count: 30))
        let exif: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0]
        let xmp = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        let full = MiniFixture.file(width: 48, height: 32, main: main, alpha: alpha, orientation: 6, exif: exif, xmp: xmp)
        let bare = MiniFixture.file(width: 200, height: 100, main: main, orientation: 2)
        for (bytes, length, digest) in [(full, 607, "CC66B9F13253EF150EFAAA04934C97CF"), (bare, 267, "D9014B7F2221DADB13DE7A024D87B75F")] {
            let expanded = HEIF.MinimizedImage.expanding(bytes)
            let meta = Array(expanded[bytes.count...])
            #expect(meta.count == length)
            #expect(MD5.hexDigest(meta) == digest)
        }
    }

    /// libheif's own low-overhead file, expanded to the `meta` box it has always been given.
    @Test(.requires(.conformanceFile("libheif-lightning-mini.heif")))
    func libheifsMiniFileExpandsToItsPinnedMetaBox() throws {
        let bytes = try TestData.conformanceBytes("libheif-lightning-mini.heif")
        let meta = Array(HEIF.MinimizedImage.expanding(bytes)[bytes.count...])
        #expect(meta.count == 349)
        #expect(MD5.hexDigest(meta) == "9E2AF595CF5803F0645B02C72C2B3A19")
    }

    @Test func theHeaderAndTheChunksAreLocated() throws {
        let bytes = try Self.withAlpha(orientation: 6)
        var r = ByteReader(bytes)
        let ftyp = try BMFF.BoxHeader(parsing: &r)
        try r.seek(toAbsolute: ftyp.range.upperBound)
        let box = try BMFF.BoxHeader(parsing: &r)
        #expect(box.type == "mini")
        let mini = try HEIF.MinimizedImage(parsing: bytes, box: box, brand: "heic")
        #expect(mini.width == 48 && mini.height == 32 && mini.chromaSubsampling == 0 && mini.bitDepth == 8)
        #expect(mini.orientation == 6 && mini.itemType == "hvc1" && mini.configType == "hvcC")
        #expect(mini.alphaData != nil && mini.alphaConfig != nil && mini.exif != nil && mini.xmp != nil)
        // The chunks tile the box from the header on, and end with it.
        #expect(mini.xmp?.upperBound == bytes.count)
        #expect(mini.mainData.upperBound == mini.exif?.lowerBound)
    }

    @Test func theAlphaPlaneIsAnAuxImageAndDecodes() throws {
        let bytes = try Self.withAlpha()
        let photo = try PhotoReader.read(bytes)
        #expect(photo.primary.width == 48 && photo.primary.height == 32 && photo.primary.codec == .hevc)
        #expect(photo.auxImages.map(\.kind) == [.alpha])
        let alpha = try #require(photo.auxImages.first)
        #expect(alpha.index == 2 && alpha.width == 48 && alpha.height == 32)
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(alpha)
        #expect(image.layout.width == 48 && image.layout.height == 32)
        // Lossless HEVC: the samples are the gradient that was coded.
        #expect(image.samples.map { UInt8($0) } == MiniFixture.gradient(width: 48, height: 32, seed: 100))
    }

    @Test func theOrientationBecomesTheTransformsLibheifWrites() throws {
        let photo = try PhotoReader.read(try Self.withAlpha(orientation: 6))
        #expect(photo.primary.transforms.rotation == 270)
        #expect(photo.auxImages.first.map { _ in true } == true)
    }

    @Test func everyCutOfTheBoxIsAnErrorNotATrap() throws {
        let bytes = try Self.withAlpha()
        for n in stride(from: 24, to: bytes.count, by: 7) {
            let cut = Array(bytes.prefix(n))
            let expanded = HEIF.MinimizedImage.expanding(cut)
            #expect(expanded == cut, "a cut at \(n) was expanded")
            #expect(throws: ParseError.self) { _ = try PhotoReader.read(cut) }
        }
    }

    /// Expanding twice changes nothing, whatever the bytes: the readers and the decoder each
    /// expand what they are handed, which may already be expanded.
    @Test func expandingIsIdempotentOnMutations() throws {
        let bytes = try Self.withAlpha()
        var g = SeededGenerator(seed: 21)
        for _ in 0..<400 {
            var m = bytes
            for _ in 0..<3 { m[Int.random(in: 0..<m.count, using: &g)] = UInt8.random(in: 0...255, using: &g) }
            if Bool.random(using: &g) { m += [UInt8](repeating: UInt8.random(in: 0...255, using: &g), count: Int.random(in: 1...40, using: &g)) }
            let once = HEIF.MinimizedImage.expanding(m)
            #expect(HEIF.MinimizedImage.expanding(once) == once)
        }
    }

    @Test func aMetaBoxMakesTheFileARegularOne() throws {
        let plain = HEIFFixture.corpusDisparity.build()
        #expect(HEIF.MinimizedImage.expanding(plain) == plain)
    }

    /// libheif 1.23 (pillow-heif) reads the same file: the same size and alpha plane.
    @Test(.requires(.pillowHEIF)) func pillowHEIFReadsTheSameAlpha() throws {
        let bytes = try Self.withAlpha()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mini-\(getpid()).heif").path
        #expect(FileBytes.write(bytes, to: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, ["-c", """
            import pillow_heif, numpy as np
            h = pillow_heif.open_heif('\(path)', convert_hdr_to_8bit=False)
            a = np.asarray(h)
            print(h.mode, h.size, a[:, :, -1].astype(int).sum(), a[:, :, 0].astype(int).sum())
            """])
        // libheif hands the gray image out as RGBA: alpha last, the gray in every colour channel.
        let alpha = MiniFixture.gradient(width: 48, height: 32, seed: 100).reduce(0) { $0 + Int($1) }
        let gray = MiniFixture.gradient(width: 48, height: 32, seed: 0).reduce(0) { $0 + Int($1) }
        #expect(r.text == "RGBA (48, 32) \(alpha) \(gray)\n", "\(r.text)\(r.stderr)")
    }
}
