import AuxData
import DepthCheck
import Foundation
import Testing
import TestSupport
import Validator

/// The HTML report's pictures and the pixel rules share one decode, and sharing it changes
/// nothing in the verdict.
@Suite struct ReportVisualsTests {
    static let files = ["good/jpeg-disparity.jpg", "good/heif-disparity.heic", "good/writer-jpeg-depth-fdep-o3-matte.jpg"]

    @Test(arguments: files)
    func theSharedDecodeGivesTheSameReport(_ name: String) throws {
        let bytes = try PhotoFile.read(TestData.corpus + "/" + name)
        for pixels in [false, true] {
            let options = CheckOptions(pixels: pixels)
            let plain = Validation.check(bytes: bytes, path: name, options: options)
            let (kept, decoded, images) = Validation.check(bytes: bytes, path: name, options: options, keepingImages: true)
            #expect(JSONReport.file(kept).rendered() == JSONReport.file(plain).rendered())
            #expect(kept.pixels.count == (pixels ? decoded.count : 0))
            let photo = try #require(kept.photo)
            #expect(decoded.map(\.index) == photo.auxImages.map(\.index))
            // The kept image is the one the statistics were taken from.
            for summary in decoded {
                let d = try #require(summary.decoded)
                let image = try #require(images[summary.index])
                var histogram = [Int](repeating: 0, count: d.counts.counts.count)
                for s in image.samples { histogram[Int(s)] += 1 }
                #expect(histogram == d.counts.counts)
            }
        }
    }

    /// A map that lines up only when turned, moved or cropped is drawn so beside itself, with
    /// the placement named;
    /// one that lines up as placed is drawn once.
    @Test func aMisalignedMapIsDrawnAsItFits() throws {
        for (bytes, placement) in [(try ContentFixture.photo(mapOrientation: 3), "turned 180°"),
                                   (try ContentFixture.photo(mapOrientation: 2), "mirrored left to right"),
                                   (try ContentFixture.photo(mapOrientation: 1, shift: 15), "moved 15 % left"),
                                   (try ContentFixture.photo(mapOrientation: 1, photoKeeping: 80), "only its middle 80 % is used"),
                                   (try ContentFixture.photo(mapOrientation: 1), nil)] {
            let report = ReportVisuals.checked(bytes: bytes, path: "scene.jpg", options: CheckOptions(pixels: true), maxSide: 240)
            let map = try #require(report.visuals?.maps.first)
            #expect(map.fitting?.placement == placement)
            let page = HTMLReport.card(report, number: 1, visuals: report.visuals)
            #expect(page.contains("lines up with the photo when") == (placement != nil))
            #expect(map.alignment == (placement == nil ? "content: lines up with the photo as placed" : nil))
        }
    }

    /// A card says when a map fits nowhere, and why a map is not judged.
    @Test func aMapNotDrawnElsewhereSaysWhatAlignmentFound() throws {
        let other = ReportVisuals.checked(bytes: try ContentFixture.photo(mapOrientation: 1, otherPhoto: true), path: "other.jpg",
                                          options: CheckOptions(pixels: true), maxSide: 240)
        #expect(other.visuals?.maps.first?.alignment == "content: fits the photo in no placement tried; it may be another photo's map")
        #expect(HTMLReport.card(other, number: 1, visuals: other.visuals).contains("content: fits the photo in no placement tried"))
        #expect(ReportVisuals.alignmentNote(.notApplicable("the map has too little structure to judge (edges in 0.2 % of it)"))
                == "content: not judged, as the map has too little structure to judge (edges in 0.2 % of it)")
    }

    @Test func theCardDrawsThePhotoAndEveryMap() throws {
        let name = "good/writer-jpeg-depth-fdep-o3-matte.jpg"
        let bytes = try PhotoFile.read(TestData.corpus + "/" + name)
        let report = ReportVisuals.checked(bytes: bytes, path: name, options: CheckOptions(pixels: true), maxSide: 640)
        let visuals = try #require(report.visuals)
        #expect(visuals.thumbnail != nil && visuals.thumbnailNote == nil)
        #expect(visuals.maps.map(\.kind) == ["depth", "portraitEffectsMatte"])
        #expect(visuals.maps.allSatisfy { $0.picture != nil && $0.note == nil && $0.statistics != nil })
        #expect(report.pixels.count == 2 && report.verdict == .pass)
        let page = try DepthPhoto(bytes: bytes, name: name).htmlReport(pixels: true)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("data:image/jpeg;base64,") && page.contains("portraitEffectsMatte"))
    }

    /// A card whose pictures would pass the byte budget gets smaller pictures, down to 96
    /// pixels on the longer side; a picture is never enlarged.
    @Test func picturesShrinkToTheBudget() throws {
        let name = "good/writer-jpeg-depth-hdep-o8-matte-semantic.jpg"
        let bytes = try PhotoFile.read(TestData.corpus + "/" + name)
        func sides(_ budget: Int) throws -> [Int] {
            let report = ReportVisuals.checked(bytes: bytes, path: name, options: CheckOptions(), maxSide: 480, pictureBudget: budget)
            let v = try #require(report.visuals)
            let pictures = [v.thumbnail] + v.maps.map(\.picture)
            return try pictures.map { p in let p = try #require(p); return max(p.width, p.height) }
        }
        // A 64×48 photo and four 16×12 maps: nothing is enlarged, whatever the budget.
        #expect(try sides(ReportVisuals.pictureBudget) == [64, 16, 16, 16, 16])
        #expect(try sides(1) == [64, 16, 16, 16, 16])
        let big = try PhotoFile.read(TestData.corpus + "/good/jpeg-disparity.jpg")
        let full = try #require(ReportVisuals.checked(bytes: big, path: "j", options: CheckOptions(), maxSide: 480).visuals?.thumbnail)
        let small = try #require(ReportVisuals.checked(bytes: big, path: "j", options: CheckOptions(), maxSide: 480, pictureBudget: 1).visuals?.thumbnail)
        #expect(max(small.width, small.height) == min(ReportVisuals.minimumSide, max(full.width, full.height)))
    }
}
