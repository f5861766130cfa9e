import Container
import Foundation
import Testing
import TestSupport
@testable import Validator
@testable import DepthCheckCore

/// Messages say what is there: a stray FF 00 in words, a cut scan at the data that runs out,
/// "units not declared" once under a colour bar.
@Suite struct MessageWordingTests {
    @Test func aStuffedZeroBetweenSegmentsIsSaidInWords() throws {
        // SOI, then FF 00 where the next marker segment should start.
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00] + Array(JPEGFixture.image([]).dropFirst(2))
        let f = Validation.check(bytes: bytes, path: "s.jpg", options: CheckOptions()).findings
        let m = try #require(f.first { $0.offset == 2 }?.message, "\(f.map(TextReport.line))")
        #expect(m == "the bytes FF 00 (a stuffed zero of entropy-coded data) stand where a marker segment should start")
    }

    @Test func aCutScanIsReportedWhereItsDataStarts() throws {
        let whole = JPEGFixture.image([JPEGFixture.exif(orientation: 1)], body: JPEGFixture.color64x48Body)
        let cut = Array(whole.prefix(whole.count - 40))
        let image = try JPEG.Image(parsingHeadersOf: cut, at: 0, pathPrefix: "")
        let start = try #require(image.entropyDataStart)
        let f = Validation.check(bytes: cut, path: "c.jpg", options: CheckOptions()).findings
        let missing = try #require(f.first { $0.message.contains("runs to the end of the file") })
        #expect(missing.offset == start)
        #expect(missing.message == "entropy-coded data from \(start) runs to the end of the file (\(cut.count) bytes) without an EOI")
    }

    @Test func undeclaredUnitsAreSaidOnceUnderTheBar() {
        let bar = HTMLReport.colourBar(FileVisuals.Legend(minimum: 0, maximum: 255, unit: "units not declared", warmAtMinimum: true), id: "b")
        #expect(bar.components(separatedBy: "units not declared").count == 2)
        #expect(bar.contains(">0</text>") && bar.contains(">255</text>"))
        let metres = HTMLReport.colourBar(FileVisuals.Legend(minimum: 0.5, maximum: 4, unit: "m", warmAtMinimum: true), id: "m")
        #expect(metres.contains(">0.5 m</text>") && metres.contains(">4 m</text>"))
    }
}
