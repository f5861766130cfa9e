import Testing
@testable import Container
import TestSupport

@Suite(.requires(.realCorpus))
struct JPEGRealFileTests {
    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXDisparityJPEG() throws {
        let bytes = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let file = try JPEG.File(parsing: bytes)
        #expect(file.primary.frame?.width == 3024 && file.primary.frame?.height == 4032)
        #expect(file.primary.exif?.orientation == 1)
        let mpf = try #require(file.mpf)
        #expect(mpf.numberOfImages == 2 && mpf.entries.count == 2)
        #expect(mpf.entries[0].attribute == 0x0003_0000 && mpf.entries[1].attribute == 0)
        #expect(file.images[1].start == 2_570_521)
        #expect(file.images[1].actualSize == 31_127)
        let aux = try #require(file.images[1].image)
        #expect(aux.frame?.width == 576 && aux.frame?.height == 768)
        #expect(aux.frame?.componentCount == 1 && aux.frame?.precision == 8)
        #expect(aux.mpf?.isStub == true && aux.mpf?.numberOfImages == 2)
        let xmp = try #require(aux.xmp)
        let text = String(decoding: bytes[xmp.packet], as: UTF8.self)
        #expect(text.contains("1751411059"))
        #expect(text.contains("http://ns.apple.com/pixeldatainfo/1.0/"))
        // Entry 1's stored size (2,558,675) is not the primary's real length (2,570,521): a
        // known iOS 12 quirk, judged by structure.mpf.entry-size-mismatch. Nothing is unreadable.
        #expect(mpf.entries[0].size == 2_558_675)
        #expect(file.images[0].end == 2_570_521)
        #expect(file.images[1].followsEOI)
        #expect(file.issues.isEmpty)
        #expect(file.trailingBytes == nil)
        #expect(file.primary.end == nil, "the primary's coded data is never scanned")
    }

    @Test(.requires(.realFile("google-gdepth-lensblur.jpg")))
    func googleLensBlurExtendedXMP() throws {
        let bytes = try TestData.realBytes("google-gdepth-lensblur.jpg")
        let file = try JPEG.File(parsing: bytes)
        #expect(file.primary.extendedXMPChunks.count == 8)
        #expect(file.primary.extendedXMPChunks.map(\.data.count) == Array(repeating: 65_383, count: 7) + [63_348])
        let x = try #require(file.primary.extendedXMP.first)
        #expect(file.primary.extendedXMP.count == 1)
        #expect(x.fullLength == 521_029)
        #expect(x.md5Matches)
        #expect(x.bytes.map { MD5.hexDigest($0) } == x.guid)
        #expect(file.mpf == nil)
        #expect(file.primary.end != nil)
        #expect(file.issues.isEmpty, "\(file.issues)")
    }

    @Test(.requires(.realFile("imageio-jpeg-gainmap.jpg")))
    func imageIOGainMapJPEG() throws {
        let bytes = try TestData.realBytes("imageio-jpeg-gainmap.jpg")
        let file = try JPEG.File(parsing: bytes)
        #expect(file.mpf?.numberOfImages == 2)
        #expect(file.images.count == 2)
        let aux = try #require(file.images[1].image)
        let xmp = try #require(aux.xmp)
        #expect(String(decoding: bytes[xmp.packet], as: UTF8.self).contains("urn:com:apple:photo:2020:aux:hdrgainmap"))
        #expect(file.issues.isEmpty, "\(file.issues)")
    }
}
