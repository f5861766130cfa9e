import Foundation
import Testing
import TestSupport
@testable import AuxData
import Container

/// The JPEG side of the photo model on real camera files (issue checks: exact sizes,
/// formats and ranges) and on the project's own demo fixture.
@Suite struct JPEGPhotoReaderTests {
    static func load(_ path: String) throws -> ParsedPhoto {
        try PhotoReader.read(try #require(FileBytes.read(path), "cannot read \(path)"))
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXDisparityJPEG() throws {
        let photo = try Self.load(TestData.real("apple-jpeg-disparity-iphonex.jpg"))
        #expect(photo.container == .jpeg)
        #expect(photo.primary.width == 3024 && photo.primary.height == 4032)
        #expect(photo.primary.orientation == 1)
        #expect(photo.auxImages.count == 1)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.index == 2)
        #expect(aux.kind == .disparity)
        #expect(aux.width == 576 && aux.height == 768)
        #expect(aux.coded.components == 1 && aux.coded.bitDepth == 8)
        #expect(aux.dictionary == AuxDataInfo(pixelFormat: .hdis, width: 576, height: 768, bytesPerRow: 1152))
        #expect(aux.nativeFormat == .hdis)
        #expect(aux.storedFormat == .L008)
        #expect(aux.valueRange == PixelValueRange(intMin: 0, intMax: 255, floatMin: 0.650879, floatMax: 2.509766))
        #expect(aux.depthData?.intrinsicMatrixReferenceWidth == 3024 && aux.depthData?.intrinsicMatrixReferenceHeight == 4032)
        #expect(aux.location == SourceLocation(offset: 2_570_521, path: "MPImage[2]"))
        #expect(aux.coded.dataRange?.lowerBound == 2_570_521)
        // The iPhone X entry-1 size quirk is judged by a rule; nothing is unreadable.
        #expect(photo.issues.isEmpty)
        #expect(photo.structure.jpeg?.images.first?.entry.sizeFieldOffset == 12124)
    }

    @Test(.requires(.realFile("google-gdepth-lensblur.jpg")))
    func googleLensBlurGDepth() throws {
        let photo = try Self.load(TestData.real("google-gdepth-lensblur.jpg"))
        let g = try #require(photo.gdepth)
        #expect(g.format == .rangeInverse)
        #expect(g.near == 12.423587799072266)
        #expect(g.far == 390.539306640625)
        #expect(g.mime == "image/png")
        #expect(photo.structure.jpeg?.primary.extendedXMPChunks.isEmpty == false)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .depth && aux.auxType == "GDepth" && aux.coded.codec == .png)
        #expect(aux.width == 768 && aux.height == 1024)
        #expect(photo.issues.isEmpty)
    }

    @Test(.requires(.realFile("imageio-jpeg-gainmap.jpg")))
    func imageIOGainMapJPEG() throws {
        let photo = try Self.load(TestData.real("imageio-jpeg-gainmap.jpg"))
        #expect(photo.auxImages.map(\.kind) == [.hdrGainMap])
        #expect(photo.auxImages.first?.auxType == "urn:com:apple:photo:2020:aux:hdrgainmap")
        #expect(photo.issues.isEmpty)
    }

    /// CIPA DC-007 MP type 0x050000 (gain map image, as ExifTool's MPF tables name it) makes
    /// the secondary image a gain map even when it carries no XMP to say so.
    @Test func mpTypeGainMapWithoutXMPIsAGainMap() throws {
        let gainMap = JPEGFixture.image([JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: 2))])
        let bytes = JPEGFixture.multiPicture(secondaries: [gainMap], attributes: [0x0003_0000, 0x0005_0000])
        let photo = try PhotoReader.read(bytes)
        #expect(photo.structure.jpeg?.images.map(\.entry.type) == [.baselinePrimary, .gainMap])
        #expect(photo.auxImages.map(\.kind) == [.hdrGainMap])
        #expect(photo.auxImages.first?.auxType == nil)
        #expect(photo.issues.isEmpty)
    }

    /// Type 0 (undefined), as Apple writes for every aux image, says nothing: without XMP the
    /// image stays unknown.
    @Test func mpTypeUndefinedWithoutXMPIsUnknown() throws {
        let aux = JPEGFixture.image([JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: 2))])
        let photo = try PhotoReader.read(JPEGFixture.multiPicture(secondaries: [aux]))
        #expect(photo.auxImages.map(\.kind) == [.unknown])
    }

    @Test func demoFixtureReadsAsDisparity() throws {
        let photo = try Self.load(TestData.corpus + "/good/jpeg-disparity.jpg")
        #expect(photo.primary.width == 64 && photo.primary.height == 48)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .disparity && aux.width == 16 && aux.height == 12)
        #expect(aux.dictionary?.bytesPerRow == 32)
        #expect(photo.issues.isEmpty)
    }

    @Test func notAnImageIsUnknownFormat() {
        #expect(throws: ParseError(.unknownFormat, at: 0, path: "")) { try PhotoReader.read(Array("hello".utf8)) }
        #expect(throws: ParseError(.unknownFormat, at: 0, path: "")) { try PhotoReader.read([]) }
    }
}
