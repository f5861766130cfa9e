import Container
import Testing
import TestSupport

/// A code T.81 Table B.1 reserves (here FF A9) inside entropy-coded data is damaged data, not a
/// segment: it is named at its offset, the scan goes on past it, and a scan cut short after it
/// says so, instead of reading a "length" from the coded bytes that follow.
@Suite struct JPEGStrayMarkerTests {
    /// The 64×48 colour JPEG with FF A9 and two coded bytes put 5 bytes into its scan.
    static func damaged() throws -> (bytes: [UInt8], at: Int) {
        let plain = JPEGFixture.image([], body: JPEGFixture.color64x48Body)
        let image = try JPEG.Image(parsingHeadersOf: plain, at: 0, pathPrefix: "", limits: .default)
        let scan = try #require(image.entropyDataStart)
        var bytes = plain
        bytes.insert(contentsOf: [0xFF, 0xA9, 0xDC, 0x45], at: scan + 5)
        return (bytes, scan + 5)
    }

    @Test func aStrayMarkerInACutScanIsNamed() throws {
        let (whole, at) = try Self.damaged()
        let cut = Array(whole.prefix(whole.count - 10))
        let file = try JPEG.File(parsing: cut)
        #expect(file.issues.map(\.code) == [.missingEOI])
        #expect(file.issues.first?.offset == at)
        #expect(file.issues.first?.message == "invalid marker FF A9 inside entropy-coded data at offset \(at); the scan is cut short, no EOI")
    }

    @Test func aStrayMarkerBeforeTheEOIIsNamedAndTheImageEnds() throws {
        let (whole, at) = try Self.damaged()
        let file = try JPEG.File(parsing: whole)
        #expect(file.primary.end == whole.count)
        #expect(file.issues.map(\.code) == [.unexpectedMarker])
        #expect(file.issues.first?.message == "invalid marker FF A9 inside entropy-coded data at offset \(at)")
    }
}
