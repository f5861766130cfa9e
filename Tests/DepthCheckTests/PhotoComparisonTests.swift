import AuxData
import DepthCheck
import Foundation
import Testing
import TestSupport

/// `DepthPhoto.compare(to:tolerance:)` as an app's test uses it: an export pipeline that keeps
/// the depth passes, one that drops it or changes it fails, with the figures to say why.
@Suite struct PhotoComparisonTests {
    static let original = URL(fileURLWithPath: TestData.corpus + "/good/jpeg-disparity.jpg")

    @Test func aCopyKeepsEverything() throws {
        let photo = try DepthPhoto(contentsOf: Self.original)
        let c = photo.compare(to: try DepthPhoto(contentsOf: Self.original))
        #expect(c.verdict == .ok)
        let disparity = try #require(c.auxImages.first)
        #expect(c.auxImages.count == 1 && disparity.kind == .disparity && disparity.change == .kept)
        let v = try #require(disparity.values)
        #expect(v.maxError == 0 && v.meanError == 0 && v.p99Error == 0 && v.beyondTolerance == 0)
        #expect(v.units == "1/m" && v.samples == 192)
        // FloatMin 0.5 … FloatMax 2 over 8 bits: two steps are 2 × 1.5 / 255.
        #expect(abs(v.tolerance - 3.0 / 255) < 1e-9, "\(v.tolerance)")
        #expect(disparity.differences.isEmpty)
    }

    /// An export whose map was stored mirrored: its values are the same samples elsewhere, and
    /// its picture no longer lines up with the photo, which the comparison says.
    @Test func anExportWhoseMapNoLongerLinesUpHasChanged() throws {
        let original = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1))
        let c = original.compare(to: try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 2)))
        let disparity = try #require(c.auxImages.first)
        #expect(disparity.change == .changed && c.verdict != .ok)
        #expect(disparity.differences.first == "content: the map lined up with its photo and no longer does; it fits the export's photo when mirrored left to right")
        // The other way round the original does not line up, so the export is not held to it.
        let back = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 2))
            .compare(to: try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1)))
        #expect(!(back.auxImages.first?.differences.contains { $0.hasPrefix("content:") } ?? true))
    }

    /// An export that carries another photo's map says it fits nowhere.
    @Test func anExportWithAnotherPhotosMapHasChanged() throws {
        let original = try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1))
        let c = original.compare(to: try DepthPhoto(bytes: try ContentFixture.photo(mapOrientation: 1, otherPhoto: true)))
        let disparity = try #require(c.auxImages.first)
        #expect(disparity.change == .changed)
        #expect(disparity.differences.first == "content: the map lined up with its photo and no longer does; it fits the export's photo in no placement tried")
    }

    /// Google's Lens Blur writes GDepth without `GDepth:Units`: its distances are in a unit the
    /// file does not name, which the depth map and a comparison say, as info and report do.
    @Test(.requires(.realFile("google-gdepth-lensblur.jpg")))
    func distancesWithoutDeclaredUnitsAreNotCalledMetres() throws {
        let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: TestData.real("google-gdepth-lensblur.jpg")))
        let depth = try #require(try photo.depthMap(as: .depth))
        #expect(!depth.unitsDeclared && depth.width == 768 && depth.height == 1024)
        let c = photo.compare(to: photo)
        #expect(c.verdict == .ok && c.auxImages.first?.values?.units == "units not declared")
        let apple = try DepthPhoto(contentsOf: Self.original)
        #expect(try #require(try apple.depthMap(as: .depth)).unitsDeclared)
    }

    @Test func anExportWithoutTheDepthIsStripped() throws {
        let photo = try DepthPhoto(contentsOf: Self.original)
        let stripped = try DepthPhoto(bytes: [UInt8](try photo.removing(photo.auxImages)), name: "stripped.jpg")
        let c = photo.compare(to: stripped)
        #expect(c.verdict == .stripped)
        #expect(c.auxImages.map(\.change) == [.lost])
        #expect(c.auxImages.first?.original?.index == 2 && c.auxImages.first?.export == nil)
        // The other way round, the depth is new.
        let back = stripped.compare(to: photo)
        #expect(back.verdict == .added && back.auxImages.map(\.change) == [.added])
    }

    @Test func valuesMovedBeyondTheToleranceAreAChange() throws {
        let photo = try DepthPhoto(contentsOf: Self.original)
        let depth = try #require(try photo.depthMap(as: .depth))
        let farther = DepthMap(width: depth.width, height: depth.height, values: depth.values.map { $0 * 1.25 }, kind: .depth)
        let edited = try DepthPhoto(bytes: [UInt8](try photo.embedding(farther, replacing: true)), name: "edited.jpg")
        let c = photo.compare(to: edited)
        #expect(c.verdict == .changed)
        let entry = try #require(c.auxImages.first { $0.original?.index == 2 })
        #expect(entry.change == .changed)
        let v = try #require(entry.values)
        // Compared as the original's disparity (0.5 … 2 1/m): 1/(1.25 d) is 0.8 of it, at most 0.4 1/m away.
        #expect(v.units == "1/m" && v.isBeyondTolerance && v.maxError <= 0.41 && v.p99Error > 0.09)
        // A tolerance as wide as the whole range lets it pass.
        #expect(photo.compare(to: edited, tolerance: .percentOfRange(100)).verdict == .ok)
        #expect(ComparisonTolerance(parsing: "2%") == .percentOfRange(2) && ComparisonTolerance(parsing: "0.05") == .absolute(0.05))
        #expect(ComparisonTolerance(parsing: "-1") == nil && ComparisonTolerance(parsing: "x%") == nil)
    }

    /// An Ultra HDR gain map compared in log2 gain: the same encoded samples under a
    /// GainMapMax of 3 instead of 2 stops are up to a stop apart, and the metadata is named.
    @Test func gainMapsAreComparedInLog2Gain() throws {
        let bytes = UltraHDRFixture.photo()
        let original = try DepthPhoto(bytes: bytes, name: "u.jpg")
        let same = original.compare(to: try DepthPhoto(bytes: bytes, name: "copy.jpg"))
        #expect(same.verdict == .ok && same.auxImages.first?.values?.units == "log2")
        var edited = bytes
        let from = Array("hdrgm:GainMapMax=\"2.0\"".utf8), to = Array("hdrgm:GainMapMax=\"3.0\"".utf8)
        var replaced = 0
        var k = 0
        while k + from.count <= edited.count {
            if Array(edited[k..<k + from.count]) == from {
                edited.replaceSubrange(k..<k + from.count, with: to)
                replaced += 1
            }
            k += 1
        }
        #expect(replaced >= 1)
        let c = original.compare(to: try DepthPhoto(bytes: edited, name: "edited.jpg"))
        #expect(c.verdict == .changed)
        let gain = try #require(c.auxImages.first)
        #expect(gain.kind == .hdrGainMap && gain.change == .changed)
        let v = try #require(gain.values)
        #expect(v.units == "log2" && v.maxError > 0.9 && v.maxError <= 1.0)
        #expect(gain.differences.contains("hdrgm:GainMapMax: 2.0 → 3.0"), "\(gain.differences)")
    }

    /// An ISO 21496-1 gain map (libavif's `tmap`) is compared in log2 gain too; Apple's, whose
    /// metadata does not say how values map to gain, as encoded 0…1.
    @Test(.requires(.fieldFile("libavif-tmap-gainmap.avif"), .realFile("apple-heic-depth-gainmap-ios16.heic")))
    func isoGainMapsInLog2AndApplesAsEncoded() throws {
        let avif = try DepthPhoto(path: TestData.field("libavif-tmap-gainmap.avif"))
        let iso = try #require(avif.compare(to: avif).auxImages.first { $0.kind == .hdrGainMap })
        #expect(iso.change == .kept && iso.values?.units == "log2" && iso.values?.samples == 400 * 300 * 3)
        let apple = try DepthPhoto(path: TestData.real("apple-heic-depth-gainmap-ios16.heic"))
        let gain = try #require(apple.compare(to: apple).auxImages.first { $0.kind == .hdrGainMap })
        #expect(gain.change == .kept && gain.values?.units == "0…1" && gain.values?.samples == 2016 * 1512)
    }
}
