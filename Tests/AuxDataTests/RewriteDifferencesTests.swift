import Testing
@testable import AuxData
import Container
import TestSupport

/// `RewriteDifferences.decodedSamples`: both readings decoded and compared sample by sample.
struct RewriteDifferencesTests {
    static let photo = JPEGFixture.image([JPEGFixture.exif(orientation: 1)], body: JPEGFixture.color64x48Body)

    static func withMap(_ samples: [UInt8]) throws -> ([UInt8], ParsedPhoto) {
        let map = AuxMap(kind: .disparity, width: 16, height: 12, samples: samples, nativeFormat: PixelFormat.hdis,
                         floatMin: 0.5, floatMax: 2)
        let bytes = try AuxEmbedder.edit(photo, removing: [], adding: [map])
        return (bytes, try PhotoReader.read(bytes))
    }

    @Test func equalMapsDecodeToEqualSamples() throws {
        let (a, pa) = try Self.withMap((0..<192).map { UInt8($0) })
        let (b, pb) = try Self.withMap((0..<192).map { UInt8($0) })
        #expect(RewriteDifferences.decodedSamples(pa, a, pb, b) == RewriteDifferences.SampleComparison(differences: [], equal: 1, undecoded: []))
    }

    @Test func aChangedMapIsADifferenceAtItsFirstChangedSample() throws {
        let (a, pa) = try Self.withMap([UInt8](repeating: 100, count: 192))
        var changed = [UInt8](repeating: 100, count: 192)
        for x in 0..<8 { changed[5 * 16 + 8 + x] = 200 }
        let (b, pb) = try Self.withMap(changed)
        let da = try AuxDecoder(photo: pa, bytes: a).storedImage(pa.auxImages[0])
        let db = try AuxDecoder(photo: pb, bytes: b).storedImage(pb.auxImages[0])
        let differing = zip(da.samples, db.samples).filter { $0 != $1 }.count
        let first = try #require(da.samples.indices.first { da.samples[$0] != db.samples[$0] })
        let result = RewriteDifferences.decodedSamples(pa, a, pb, b)
        #expect(result.equal == 0 && result.undecoded.isEmpty)
        #expect(result.differences == ["aux image 1 (disparity) decoded samples: \(differing) of 192 differ, the first at"
                                       + " (\(first % 16), \(first / 16)): \(da.samples[first]) -> \(db.samples[first])"])
        #expect(differing >= 8)
    }

    @Test func pngMapsAreNormalisedByTheirBitDepth() throws {
        let m8 = try MapFile(parsing: PNGFixture.gray(width: 3, height: 1, bitDepth: 8, samples: [0, 51, 255]))
        #expect(m8.width == 3 && m8.height == 1 && m8.values == [0, 0.2, 1] && m8.isNormalisedGray)
        let m16 = try MapFile(parsing: PNGFixture.gray(width: 1, height: 2, bitDepth: 16, samples: [65535, 13107]))
        #expect(m16.values == [1, 0.2])
        #expect(throws: ParseError.self) { try MapFile(parsing: Array(PNGFixture.gray(width: 2, height: 2, bitDepth: 8, samples: [1, 2, 3, 4]).prefix(40))) }
    }

    @Test func displayFrameMapsGoBackToTheStoredFrame() {
        // A 3×2 stored map turned by orientation 6 (90° clockwise) shows as 2×3; undoing gives it back.
        let stored = [1, 2, 3, 4, 5, 6]
        for o in 1...8 {
            let step = MapOrientation(exif: o) ?? .identity
            let shown = step.apply(stored, width: 3, height: 2)
            let back = MapOrientation.storedFrame(of: shown.samples, width: shown.width, height: shown.height, undoing: [step])
            #expect(back.samples == stored && back.width == 3 && back.height == 2, "orientation \(o)")
        }
        let six = MapOrientation(exif: 6) ?? .identity
        #expect(six.apply(stored, width: 3, height: 2).samples == [4, 1, 5, 2, 6, 3])
        let turnThenMirror = MapOrientation.storedFrame(of: [4, 1, 5, 2, 6, 3].reversed(), width: 2, height: 3,
                                                        undoing: [six, MapOrientation(exif: 3) ?? .identity])
        #expect(turnThenMirror.samples == stored)
    }
}
