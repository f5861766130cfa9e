import Foundation
import Testing
import TestSupport
@testable import AuxData
import Container

/// The HEIF side of the photo model on real files (issue checks: sizes, SEI values, clap,
/// alpha, the malformed libheif case) and on the project's own fixture.
@Suite struct HEIFPhotoReaderTests {
    static func load(_ path: String) throws -> ParsedPhoto {
        try PhotoReader.read(try #require(FileBytes.read(path), "cannot read \(path)"))
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func iOS16DisparityAndGainMap() throws {
        let photo = try Self.load(TestData.real("apple-heic-depth-gainmap-ios16.heic"))
        #expect(photo.container == .heif)
        #expect(photo.primary.width == 4032 && photo.primary.height == 3024)
        #expect(photo.primary.codec == .grid && photo.primary.itemID == 49)
        #expect(photo.auxImages.map(\.index) == [52, 54])
        let gain = photo.auxImages[0], depth = photo.auxImages[1]
        #expect(gain.kind == .hdrGainMap && gain.width == 2016 && gain.height == 1512)
        #expect(gain.dictionary == AuxDataInfo(pixelFormat: .L008, width: 2016, height: 1512, bytesPerRow: 2016))
        #expect(depth.kind == .disparity)
        #expect(depth.auxType == "urn:mpeg:hevc:2015:auxid:2")
        #expect(depth.width == 768 && depth.height == 576)
        #expect(depth.coded.components == 1 && depth.coded.bitDepth == 8)
        #expect(depth.dictionary == AuxDataInfo(pixelFormat: .hdis, width: 768, height: 576, bytesPerRow: 1536))
        #expect(depth.representation == DepthRepresentation(dMin: 1.498046875, dMax: 4.3828125,
                                                            representationType: 1, disparityReferenceView: 0))
        #expect(depth.valueRange == PixelValueRange(intMin: 0, intMax: 255, floatMin: 1.498047, floatMax: 4.382812))
        #expect(depth.geometry.masters == [49])
        #expect(photo.issues.isEmpty)
    }

    @Test(.requires(.realFile("imageio-heic-depth-minimal.heic")))
    func imageIODepthHasNoClapWhilePrimaryIsCropped() throws {
        let photo = try Self.load(TestData.real("imageio-heic-depth-minimal.heic"))
        #expect(photo.primary.width == 376 && photo.primary.height == 500)
        #expect(photo.primary.transforms.cleanAperture?.width == 375)
        let depth = try #require(photo.auxImages.first)
        #expect(photo.auxImages.count == 1)
        #expect(depth.width == 188 && depth.height == 250)
        #expect(depth.geometry.transforms.cleanAperture == nil)
        #expect(depth.valueRange.floatMin == 1.762695 && depth.valueRange.floatMax == 5.894531)
    }

    @Test(.requires(.realFile("libheif-alpha-control.heic")))
    func alphaControlHasOneAlphaAux() throws {
        let photo = try Self.load(TestData.real("libheif-alpha-control.heic"))
        #expect(photo.auxImages.map(\.kind) == [.alpha])
        #expect(photo.auxImages.first?.auxType == "urn:mpeg:hevc:2015:auxid:1")
    }

    @Test(.requires(.realFile("libheif-fuzz-bad-depth.heic")))
    func malformedLibheifCaseGivesFindingsNotACrash() throws {
        let photo = try Self.load(TestData.real("libheif-fuzz-bad-depth.heic"))
        let codes = Set(photo.issues.map(\.code))
        #expect(codes == [.boxExceedsParent, .spsInvalid, .ilocExtentPastEnd])
        #expect(photo.auxImages.map(\.index) == [1005])
    }

    @Test func fixtureDisparityDecodesItsSEI() throws {
        let photo = try Self.load(TestData.corpus + "/good/heif-disparity.heic")
        #expect(photo.primary.width == 64 && photo.primary.height == 48)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .disparity && aux.width == 16 && aux.height == 12)
        #expect(aux.representation?.dMin == 1.498046875)
        #expect(photo.issues.isEmpty)
    }

    /// Reading never touches coded picture data: garbage in every mdat byte changes nothing.
    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func primaryAndAuxPixelDataAreNeverRead() throws {
        let data = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        var bytes = data
        let file = try HEIF.File(parsing: bytes)
        let small = Set(file.metadataItems.map(\.itemID))
        let seed: UInt64 = 0x5EED_0DA7
        print("HEIFPhotoReaderTests seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        var scrambled = 0
        for (id, ranges) in file.dataRanges where !small.contains(id) {
            for r in ranges where r.lowerBound >= file.metaRange.upperBound {
                for i in r { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
                scrambled += r.count
            }
        }
        #expect(scrambled > 1_000_000)
        let before = try PhotoReader.read(data), after = try PhotoReader.read(bytes)
        #expect(before.primary == after.primary)
        #expect(before.auxImages.map(\.dictionary) == after.auxImages.map(\.dictionary))
        #expect(before.auxImages.map(\.representation) == after.auxImages.map(\.representation))
        #expect(after.issues.isEmpty)
    }
}
