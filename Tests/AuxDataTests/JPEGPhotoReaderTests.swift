import Foundation
import Testing
import TestSupport
@testable import AuxData
import Container

/// The JPEG side of the photo model on real camera files (issue checks: exact sizes,
/// formats and ranges) and on the project's own demo fixture.
@Suite struct JPEGPhotoReaderTests {
    static func load(_ path: String) throws -> DepthPhoto? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try PhotoReader.read([UInt8](data))
    }

    @Test func iPhoneXDisparityJPEG() throws {
        guard let photo = try Self.load(TestData.real("apple-jpeg-disparity-iphonex.jpg")) else {
            Issue.record("real corpus missing: \(TestData.realCorpus)"); return
        }
        #expect(photo.container == .jpeg)
        #expect(photo.primary.width == 3024 && photo.primary.height == 4032)
        #expect(photo.primary.orientation == 1)
        #expect(photo.auxImages.count == 1)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.index == 2)
        #expect(aux.kind == .disparity)
        #expect(aux.width == 576 && aux.height == 768)
        #expect(aux.components == 1 && aux.bitDepth == 8)
        #expect(aux.description == AuxDataInfo(pixelFormat: "hdis", width: 576, height: 768, bytesPerRow: 1152))
        #expect(aux.nativeFormat == "hdis")
        #expect(aux.storedFormat == "L008")
        #expect(aux.range == PixelValueRange(intMin: 0, intMax: 255, floatMin: 0.650879, floatMax: 2.509766))
        #expect(aux.intrinsicReferenceWidth == 3024 && aux.intrinsicReferenceHeight == 4032)
        #expect(aux.location == SourceLocation(offset: 2_570_521, path: "MPImage[2]"))
        #expect(aux.dataRange?.lowerBound == 2_570_521)
        // The iPhone X entry-1 size quirk is judged by a rule; nothing is unreadable.
        #expect(photo.issues.isEmpty)
        #expect(photo.structure.jpeg?.images.first?.entry.sizeFieldOffset == 12124)
    }

    @Test func googleLensBlurGDepth() throws {
        guard let photo = try Self.load(TestData.real("google-gdepth-lensblur.jpg")) else {
            Issue.record("real corpus missing"); return
        }
        let g = try #require(photo.gdepth)
        #expect(g.format == .rangeInverse)
        #expect(g.near == 12.423587799072266)
        #expect(g.far == 390.539306640625)
        #expect(g.mime == "image/png")
        #expect(photo.structure.jpeg?.primary.extendedXMPChunks.isEmpty == false)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .depth && aux.auxType == "GDepth" && aux.codec == "png")
        #expect(aux.width == 768 && aux.height == 1024)
        #expect(photo.issues.isEmpty)
    }

    @Test func imageIOGainMapJPEG() throws {
        guard let photo = try Self.load(TestData.real("imageio-jpeg-gainmap.jpg")) else {
            Issue.record("real corpus missing"); return
        }
        #expect(photo.auxImages.map(\.kind) == [.hdrGainMap])
        #expect(photo.auxImages.first?.auxType == "urn:com:apple:photo:2020:aux:hdrgainmap")
        #expect(photo.issues.isEmpty)
    }

    @Test func demoFixtureReadsAsDisparity() throws {
        let photo = try #require(try Self.load(TestData.corpus + "/good/jpeg-disparity.jpg"))
        #expect(photo.primary.width == 64 && photo.primary.height == 48)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .disparity && aux.width == 16 && aux.height == 12)
        #expect(aux.description?.bytesPerRow == 32)
        #expect(photo.issues.isEmpty)
    }

    @Test func notAnImageIsUnknownFormat() {
        #expect(throws: ParseError(.unknownFormat, at: 0, path: "")) { try PhotoReader.read(Array("hello".utf8)) }
        #expect(throws: ParseError(.unknownFormat, at: 0, path: "")) { try PhotoReader.read([]) }
    }
}
