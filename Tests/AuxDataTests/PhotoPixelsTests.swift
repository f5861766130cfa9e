import AuxData
import Container
import Testing
import TestSupport

/// `PhotoPixels`: the pictures `embed` encodes as a new primary (PNG through libpng's RGB path,
/// binary PPM, JPEG), and `PrimaryEncoder`, read back.
@Suite struct PhotoPixelsTests {
    @Test func ppmSamplesAreReadAsTheyAre() throws {
        let p = try PhotoPixels(parsing: Array("P6\n# a comment\n2 1\n255\n".utf8) + [1, 2, 3, 250, 251, 252])
        #expect(p.width == 2 && p.height == 1 && p.rgb == [1, 2, 3, 250, 251, 252])
    }

    @Test func ppmSamplesBelowMaxval255AreScaledAndClipped() throws {
        // maxval 15: v · 255 / 15 rounded; 20 is above maxval and clipped to 255.
        let p = try PhotoPixels(parsing: Array("P6 2 1 15\n".utf8) + [0, 1, 15, 7, 8, 20])
        #expect(p.rgb == [0, 17, 255, 119, 136, 255])
    }

    @Test func ppmOverThePixelLimitIsRefusedBeforeAllocating() {
        var limits = ParseLimits.default
        limits.maxPixels = 100
        #expect(throws: ParseError.self) { try PhotoPixels(parsing: Array("P6 11 10 255\n".utf8), limits: limits) }
        do {
            _ = try PhotoPixels(parsing: Array("P6 99999999 99999999 255\n".utf8))
            Issue.record("a PPM of 10^16 pixels was read")
        } catch {
            #expect(error.code == .limitExceeded)
        }
    }

    @Test(arguments: [
        ("P6 2 2 255\n" , ParseError.Code.truncated),      // no samples
        ("P6 2 2 256\n", ParseError.Code.photoMalformed),  // 16-bit PPM
        ("P6 2\n", ParseError.Code.photoMalformed),        // header ends early
        ("P7 2 2 255\n", ParseError.Code.photoUnknownFormat),
    ])
    func malformedPPMsAreRefused(_ header: String, _ code: ParseError.Code) {
        do {
            _ = try PhotoPixels(parsing: Array(header.utf8) + [1, 2, 3])
            Issue.record("\(header) was read")
        } catch {
            #expect(error.code == code, "\(header): \(error)")
        }
    }

    @Test func rgbPNGIsReadAsStored() throws {
        let samples = (0..<(3 * 2 * 3)).map { $0 * 13 }
        let p = try PhotoPixels(parsing: PNGFixture.rgb(width: 3, height: 2, bitDepth: 8, samples: samples))
        #expect(p.width == 3 && p.height == 2 && p.rgb == samples.map { UInt8($0) })
    }

    @Test func sixteenBitRGBPNGIsScaledToEightBits() throws {
        // 257 · k in 16 bits is k in 8 bits.
        let samples = [0, 257, 257 * 128, 65_535, 257 * 7, 257 * 200]
        let p = try PhotoPixels(parsing: PNGFixture.rgb(width: 2, height: 1, bitDepth: 16, samples: samples))
        #expect(p.rgb == [0, 1, 128, 255, 7, 200])
    }

    @Test func grayPNGIsRepeatedInEveryChannel() throws {
        let p = try PhotoPixels(parsing: PNGFixture.gray(width: 3, height: 1, bitDepth: 8, samples: [0, 100, 255]))
        #expect(p.rgb == [0, 0, 0, 100, 100, 100, 255, 255, 255])
        // The gray API is unchanged: one sample a pixel.
        let g = try PNGBridge.decodeGray(PNGFixture.gray(width: 3, height: 1, bitDepth: 8, samples: [0, 100, 255]))
        #expect(g.width == 3 && g.samples == [0, 100, 255])
    }

    @Test func pngOverThePixelLimitIsRefused() {
        var limits = ParseLimits.default
        limits.maxPixels = 5
        do {
            _ = try PhotoPixels(parsing: PNGFixture.rgb(width: 3, height: 2, bitDepth: 8, samples: Array(repeating: 9, count: 18)),
                                limits: limits)
            Issue.record("a 6-pixel PNG was read under a limit of 5")
        } catch {
            #expect(error.code == .limitExceeded)
        }
    }

    /// A smooth picture: JPEG and HEVC at quality 90 keep it close.
    static func gradient(_ w: Int, _ h: Int) -> PhotoPixels? {
        PhotoPixels(width: w, height: h, rgb: (0..<(w * h)).flatMap { k -> [UInt8] in
            let (x, y) = (k % w, k / w)
            return [UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), 128]
        })
    }

    @Test func aNewJPEGPrimaryDecodesToThePictureWithinAFewCodeValues() throws {
        let picture = try #require(Self.gradient(80, 60))
        let jpeg = try PrimaryEncoder.jpeg(picture)
        #expect(Array(jpeg.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE0])  // SOI, then JFIF APP0
        let back = try PhotoPixels(parsing: jpeg)
        #expect(back.width == 80 && back.height == 60)
        let worst = zip(back.rgb, picture.rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 8, "\(worst)")
        let photo = try PhotoReader.read(jpeg)
        #expect(photo.primary.width == 80 && photo.primary.height == 60 && photo.auxImages.isEmpty)
    }

    @Test func aNewHEICPrimaryIsOneLossyHEVCItemOfThePicturesSize() throws {
        let picture = try #require(Self.gradient(128, 96))
        let heic = try PrimaryEncoder.heic(picture)
        let photo = try PhotoReader.read(heic)
        #expect(photo.primary.width == 128 && photo.primary.height == 96 && photo.auxImages.isEmpty)
        let file = try HEIF.File(parsing: heic)
        let id = try #require(file.primaryItemID)
        #expect(file.item(id)?.type == BMFF.BoxType.hvc1)
        // hvcC: chroma_format_idc 1 (4:2:0), 8-bit luma and chroma (ISO/IEC 14496-15 §8.3.3.1.2).
        let hvcC = try #require(file.properties(of: id).first { $0.type == BMFF.BoxType.hvcC })
        let box = Array(heic[hvcC.range])
        #expect(box[8 + 16] & 0x03 == 1)
        #expect(box[8 + 17] & 0x07 == 0 && box[8 + 18] & 0x07 == 0)
    }
}
