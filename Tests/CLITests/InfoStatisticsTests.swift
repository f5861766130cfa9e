import Foundation
import Testing
import TestSupport

/// `info` decodes every aux image and shows its statistics; `--no-pixels` skips decoding.
@Suite struct InfoStatisticsTests {
    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func infoShowsTheValueRangeAndHistogramOfTheDisparity() throws {
        let r = try Tools.depthcheck(["info", "--json", TestData.real("apple-jpeg-disparity-iphonex.jpg")])
        #expect(r.status == 0)
        let json = try #require(Tools.infoRecord(r.stdout))
        let aux = try #require((json["auxImages"] as? [[String: Any]])?.first)
        let s = try #require(aux["statistics"] as? [String: Any])
        // The map spans its apdi range: samples 0 and 255 are FloatMin 0.650879 and FloatMax 2.509766.
        #expect(s["min"] as? Double == 0.650879)
        #expect(s["max"] as? Double == 2.509766)
        #expect(s["nanCount"] as? Int == 0)
        let histogram = try #require(s["histogram"] as? [Int])
        #expect(histogram.count == 256)
        #expect(histogram.reduce(0, +) == 576 * 768)
        #expect(histogram.first == 663 && histogram.last == 375)
    }

    @Test func noPixelsLeavesTheStatisticsOut() throws {
        let r = try Tools.depthcheck(["info", "--json", "--no-pixels", "Corpus/good/jpeg-disparity.jpg"])
        #expect(r.status == 0)
        #expect(!r.text.contains("\"statistics\""))
        let decoded = try Tools.depthcheck(["info", "--json", "Corpus/good/jpeg-disparity.jpg"])
        #expect(decoded.text.contains("\"statistics\""))
    }
}
