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
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("data:image/png;base64,") && page.contains("portraitEffectsMatte"))
    }
}
