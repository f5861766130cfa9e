import DepthCheck
import Testing
import TestSupport

/// `DepthPhoto.alignment(of:)`: the placement of a map that fits its photo, with its scores.
@Suite struct MapAlignmentTests {
    @Test func aMapThatLinesUpIsAligned() throws {
        let photo = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1))
        let aux = try #require(photo.auxImages.first)
        let a = try photo.alignment(of: aux)
        #expect(a.verdict == .aligned)
        #expect(a.scores.count == 8 && (a.scores[.asPlaced] ?? 0) > 0.8 && (a.margin ?? 0) > 0.2)
    }

    @Test(arguments: [(2, MapAlignment.Placement.mirroredLeftToRight), (3, .turned180), (6, .turned90Anticlockwise),
                      (8, .turned90Clockwise)])
    func aTurnedMapIsFoundWithTheTurnThatUndoesIt(_ exif: Int, _ fix: MapAlignment.Placement) throws {
        let photo = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: exif))
        let a = try photo.alignment(of: try #require(photo.auxImages.first))
        #expect(a.verdict == .misaligned(fix))
        #expect((a.margin ?? 0) > 0.2)
        #expect(fix.description == ["mirrored left to right", "turned 180°", "turned 90° anticlockwise", "turned 90° clockwise"][[2, 3, 6, 8].firstIndex(of: exif) ?? 0])
    }

    /// A photo cropped after its map was made: the map's middle fits.
    @Test func theMapOfAPhotoCroppedSinceIsFoundWithTheCrop() throws {
        let photo = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1, photoKeeping: 80))
        let a = try photo.alignment(of: try #require(photo.auxImages.first))
        #expect(a.verdict == .cropped(percent: 80))
        #expect((a.margin ?? 0) > 0.5)
    }

    /// Another photo's map fits in no placement: its score barely falls a few cells off.
    @Test func anotherPhotosMapIsUnrelated() throws {
        let photo = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1, otherPhoto: true))
        let a = try photo.alignment(of: try #require(photo.auxImages.first))
        #expect(a.verdict == .unrelated && a.margin == nil)
        #expect((a.peak ?? 1) < 0.07)
        // Its own map's score falls sharply.
        let own = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1))
        #expect((try own.alignment(of: try #require(own.auxImages.first)).peak ?? 0) > 0.3)
    }

    @Test func anImageThePhotoDoesNotHaveIsRefused() throws {
        let photo = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1))
        let other = try DepthPhoto(bytes: try #require(GoodCorpus.all.first { $0.name == "heif-gain-map-tmap.heic" }).make())
        let aux = try #require(other.auxImages.first { $0.index != photo.auxImages.first?.index })
        #expect(throws: DepthCheckError.self) { try photo.alignment(of: aux) }
    }
}
