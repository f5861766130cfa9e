import Foundation
import Testing
import TestSupport
@testable import AuxData
import Container

/// The HEIF side of the photo model on real files (issue checks: sizes, SEI values, clap,
/// alpha, the malformed libheif case) and on the project's own fixture.
@Suite struct HEIFPhotoReaderTests {
    static func load(_ path: String) throws -> DepthPhoto? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try PhotoReader.read([UInt8](data))
    }

    @Test func iOS16DisparityAndGainMap() throws {
        guard let photo = try Self.load(TestData.real("apple-heic-depth-gainmap-ios16.heic")) else {
            Issue.record("real corpus missing: \(TestData.realCorpus)"); return
        }
        #expect(photo.container == .heif)
        #expect(photo.primary.width == 4032 && photo.primary.height == 3024)
        #expect(photo.primary.codec == "grid" && photo.primary.itemID == 49)
        #expect(photo.auxImages.map(\.index) == [52, 54])
        let gain = photo.auxImages[0], depth = photo.auxImages[1]
        #expect(gain.kind == .hdrGainMap && gain.width == 2016 && gain.height == 1512)
        #expect(gain.dictionary == AuxDataInfo(pixelFormat: "L008", width: 2016, height: 1512, bytesPerRow: 2016))
        #expect(depth.kind == .disparity)
        #expect(depth.auxType == "urn:mpeg:hevc:2015:auxid:2")
        #expect(depth.width == 768 && depth.height == 576)
        #expect(depth.coded.components == 1 && depth.coded.bitDepth == 8)
        #expect(depth.dictionary == AuxDataInfo(pixelFormat: "hdis", width: 768, height: 576, bytesPerRow: 1536))
        #expect(depth.representation == DepthRepresentation(dMin: 1.498046875, dMax: 4.3828125,
                                                            representationType: 1, disparityReferenceView: 0))
        #expect(depth.valueRange == PixelValueRange(intMin: 0, intMax: 255, floatMin: 1.498047, floatMax: 4.382812))
        #expect(depth.geometry.masters == [49])
        #expect(photo.issues.isEmpty)
    }

    @Test func imageIODepthHasNoClapWhilePrimaryIsCropped() throws {
        guard let photo = try Self.load(TestData.real("imageio-heic-depth-minimal.heic")) else {
            Issue.record("real corpus missing"); return
        }
        #expect(photo.primary.width == 376 && photo.primary.height == 500)
        #expect(photo.primary.transforms.cleanAperture?.width == 375)
        let depth = try #require(photo.auxImages.first)
        #expect(photo.auxImages.count == 1)
        #expect(depth.width == 188 && depth.height == 250)
        #expect(depth.geometry.transforms.cleanAperture == nil)
        #expect(depth.valueRange.floatMin == 1.762695 && depth.valueRange.floatMax == 5.894531)
    }

    @Test func alphaControlHasOneAlphaAux() throws {
        guard let photo = try Self.load(TestData.real("libheif-alpha-control.heic")) else {
            Issue.record("real corpus missing"); return
        }
        #expect(photo.auxImages.map(\.kind) == [.alpha])
        #expect(photo.auxImages.first?.auxType == "urn:mpeg:hevc:2015:auxid:1")
    }

    @Test func malformedLibheifCaseGivesFindingsNotACrash() throws {
        guard let photo = try Self.load(TestData.real("libheif-fuzz-bad-depth.heic")) else {
            Issue.record("real corpus missing"); return
        }
        let codes = Set(photo.issues.map(\.code))
        #expect(codes == [.boxExceedsParent, .spsInvalid, .ilocExtentPastEnd])
        #expect(photo.auxImages.map(\.index) == [1005])
    }

    @Test func fixtureDisparityDecodesItsSEI() throws {
        let photo = try #require(try Self.load(TestData.corpus + "/good/heif-disparity.heic"))
        #expect(photo.primary.width == 64 && photo.primary.height == 48)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .disparity && aux.width == 16 && aux.height == 12)
        #expect(aux.representation?.dMin == 1.498046875)
        #expect(photo.issues.isEmpty)
    }

    /// Reading never touches coded picture data: garbage in every mdat byte changes nothing.
    @Test func primaryAndAuxPixelDataAreNeverRead() throws {
        guard let data = FileManager.default.contents(atPath: TestData.real("apple-heic-depth-gainmap-ios16.heic")) else {
            Issue.record("real corpus missing"); return
        }
        var bytes = [UInt8](data)
        let file = try HEIF.File(parsing: bytes)
        let small = Set(file.metadataItems.map(\.itemID))
        var rng = SystemRandomNumberGenerator()
        var scrambled = 0
        for (id, ranges) in file.dataRanges where !small.contains(id) {
            for r in ranges where r.lowerBound >= file.metaRange.upperBound {
                for i in r { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
                scrambled += r.count
            }
        }
        #expect(scrambled > 1_000_000)
        let before = try PhotoReader.read([UInt8](data)), after = try PhotoReader.read(bytes)
        #expect(before.primary == after.primary)
        #expect(before.auxImages.map(\.dictionary) == after.auxImages.map(\.dictionary))
        #expect(before.auxImages.map(\.representation) == after.auxImages.map(\.representation))
        #expect(after.issues.isEmpty)
    }
}
