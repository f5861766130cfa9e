import Testing
@testable import Container
import TestSupport

@Suite struct JPEGSegmentTests {
    /// SOI + the 16×12 gray body: DQT at 2, SOF0 at 71, DHT at 84 and 108, SOS at 148,
    /// coded data 158..<228, EOI at 228.
    let plain = JPEGFixture.image([])

    /// T.81 B.1.1.2 allows only FF fill before a marker; libjpeg skips anything else to the
    /// next FF ("extraneous bytes before marker") and so does the reader, recording where.
    @Test func strayBytesBeforeAMarkerAreSkippedAndRecorded() throws {
        let com = JPEGFixture.segment(0xFE, Array("note".utf8))
        let bytes = JPEGFixture.image([com + [0x3F, 0x3E]])
        let image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        // SOI, COM at 2 (8 bytes), the two stray bytes at 10, then the gray body from 12.
        #expect(image.extraneousBytes == [10..<12])
        #expect(image.segments.map(\.marker) == [.soi, .com, .dqt, .sof0, .dht, .dht, .sos])
        #expect(image.segments[2].offset == 12)
        #expect(image.frame?.width == 16 && image.frame?.height == 12)
        #expect(image.issues.isEmpty)
    }

    /// Stray bytes with no marker after them: the file cannot be read on.
    @Test func strayBytesToTheEndAreStillAnError() throws {
        let bytes = JPEGFixture.soi + [0x3F, 0x3E, 0x00]
        #expect(throws: ParseError(.jpegExpectedMarker, at: 2, path: "segment")) {
            try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        }
    }

    @Test func headerScanStopsAtTheFirstSOS() throws {
        let image = try JPEG.Image(parsingHeadersOf: plain, at: 0)
        #expect(image.segments.map(\.marker) == [.soi, .dqt, .sof0, .dht, .dht, .sos])
        #expect(image.segments.map(\.offset) == [0, 2, 71, 84, 108, 148])
        #expect(image.segments.map(\.path) == ["SOI", "DQT#1", "SOF0", "DHT#1", "DHT#2", "SOS#1"])
        #expect(image.entropyDataStart == 158)
        #expect(image.end == nil)
        #expect(image.scanCount == 1)
        #expect(image.issues.isEmpty)
    }

    @Test func frameHeaderGivesPrecisionSizeAndComponents() throws {
        let image = try JPEG.Image(parsingHeadersOf: plain, at: 0)
        let frame = try #require(image.frame)
        #expect(frame.marker == .sof0)
        #expect(frame.precision == 8)
        #expect(frame.width == 16 && frame.height == 12)
        #expect(frame.componentCount == 1)
        #expect(frame.components[0].horizontalSampling == 1 && frame.components[0].verticalSampling == 1)
    }

    @Test func fullScanFindsEOI() throws {
        var image = try JPEG.Image(parsingHeadersOf: plain, at: 0)
        image.scanToEndOfImage(plain)
        #expect(image.end == 230)
        #expect(image.segments.last?.marker == .eoi)
        #expect(image.segments.last?.offset == 228)
        #expect(image.issues.isEmpty)
    }

    @Test func progressiveImagesHaveSeveralScans() throws {
        let bytes = JPEGFixture.image([], body: JPEGFixture.progressiveGray16x12Body)
        var image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        #expect(image.frame?.marker.isProgressive == true)
        image.scanToEndOfImage(bytes)
        #expect(image.scanCount == 6)
        #expect(image.end == bytes.count)
        #expect(image.segments.filter { $0.marker == .sos }.map(\.path).last == "SOS#6")
        #expect(image.issues.isEmpty)
    }

    @Test func stuffedBytesRestartMarkersAndFillBytesAreSkipped() throws {
        // SOF0 8×8 gray, DRI, SOS, then coded data with FF 00, RST0, RST1, and FF FF fill before EOI.
        let sof = JPEGFixture.segment(0xC0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])
        let dri = JPEGFixture.segment(0xDD, [0, 1])
        let sos = JPEGFixture.segment(0xDA, [1, 1, 0, 0, 63, 0])
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0, 0x11, 0x22,
                             0xFF, 0xD1, 0xFF, 0x00, 0xFF, 0xFF, 0xFF]
        let bytes = JPEGFixture.soi + sof + dri + sos + data + JPEGFixture.eoi
        var image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        image.scanToEndOfImage(bytes)
        #expect(image.restartMarkerCount == 2)
        #expect(image.end == bytes.count)
        #expect(image.segments.last?.offset == bytes.count - 2)
    }

    @Test func fillBytesBeforeAMarkerAreAllowed() throws {
        let bytes = JPEGFixture.soi + [0xFF, 0xFF, 0xFF] + Array(JPEGFixture.gray16x12Body)
        let image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        #expect(image.segments[1].marker == .dqt)
        #expect(image.segments[1].offset == 5)  // the FF right before DB; 2...4 are fill
    }

    @Test func entropyScanFindsMarkersAtEveryAlignment() {
        // The word-at-a-time loop must not miss an FF at any of the eight byte positions.
        for k in 0..<24 {
            var bytes = [UInt8](repeating: 0x55, count: 40)
            bytes[k] = 0xFF; bytes[k + 1] = 0xD9
            let (found, _) = JPEG.Image.findMarker(in: bytes, from: 0)
            #expect(found == k)
        }
    }

    @Test func segmentLengthBelowTwoIsAnError() {
        let bytes = JPEGFixture.soi + JPEGFixture.segment(0xE1, [], length: 1) + JPEGFixture.gray16x12Body
        #expect(throws: ParseError(.segmentLengthBelowTwo, at: 4, path: "APP1#1")) {
            try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        }
    }

    @Test func segmentLengthPastTheEndIsTruncated() {
        let bytes = JPEGFixture.soi + JPEGFixture.segment(0xE1, [1, 2, 3], length: 100)
        #expect(throws: ParseError(.segmentTruncated, at: 4, path: "APP1#1")) {
            try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        }
    }

    @Test func missingSOIIsAnError() {
        #expect(throws: ParseError(.jpegMissingSOI, at: 0, path: "SOI")) {
            try JPEG.File(parsing: [0x89, 0x50, 0x4E, 0x47])
        }
        #expect(throws: ParseError(.jpegMissingSOI, at: 0, path: "SOI")) { try JPEG.File(parsing: []) }
    }

    @Test func garbageBetweenSegmentsIsRecordedAndSkipped() throws {
        let bytes = JPEGFixture.soi + JPEGFixture.segment(0xFE, [0x41]) + [0x00] + JPEGFixture.gray16x12Body
        let image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        #expect(image.extraneousBytes == [7..<8])
        #expect(image.segments[2].offset == 8 && image.segments[2].marker == .dqt)
    }

    @Test func truncatedCodedDataIsAMissingEOIIssue() throws {
        let bytes = Array(plain.dropLast(2))
        let file = try JPEG.File(parsing: bytes)
        // Reported where the entropy-coded data that runs out starts.
        let start = try #require(file.primary.entropyDataStart)
        #expect(file.issues == [ParseError(.missingEOI, at: start, path: "")])
        #expect(file.primary.end == nil)
    }

    @Test func trailingBytesAfterEOIAreReported() throws {
        let bytes = plain + [UInt8](repeating: 0, count: 1000)
        let file = try JPEG.File(parsing: bytes)
        #expect(file.trailingBytes == 230..<1230)
        // Readable bytes: structure.jpeg.trailing-data judges them.
        #expect(file.issues.isEmpty)
    }

    @Test func malformedFrameHeaderIsAnIssue() throws {
        // Nf = 2 but only one component's bytes (T.81 B.2.2: Lf = 8 + 3·Nf).
        let sof = JPEGFixture.segment(0xC0, [8, 0, 8, 0, 8, 2, 1, 0x11, 0])
        let bytes = JPEGFixture.soi + sof + JPEGFixture.segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x00] + JPEGFixture.eoi
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.first == ParseError(.sofMalformed, at: 4, path: "SOF0"))
        #expect(file.issues.contains(ParseError(.sosBeforeSOF, at: 15, path: "SOS#1")))
    }

    @Test(arguments: [(UInt8(0xC2), "SOF2"), (0xD3, "RST3"), (0xEA, "APP10"), (0xC8, "M0xC8")] as [(UInt8, String)])
    func markerNamesFollowT81TableB1(_ code: UInt8, _ name: String) {
        #expect(JPEG.Marker(rawValue: code).description == name)
    }

    /// DHT (0xC4) sits among the SOF codes of T.81 Table B.1 and starts no frame.
    @Test func huffmanTablesStartNoFrame() {
        #expect(JPEG.Marker(rawValue: 0xC4).isStartOfFrame == false)
        #expect(JPEG.Marker(rawValue: 0xC2).isStartOfFrame)
    }

    /// A segment's path kept as parts (`Segment.label`) spells what `path` spells, with the
    /// part a reader reads named after it.
    @Test func segmentLabelsSpellTheirPaths() {
        let app = JPEG.Segment(marker: .app1, offset: 2, length: 10, payload: 6..<14, ordinal: 2, pathPrefix: "MPImage[2]/")
        #expect(app.label().text == app.path && app.path == "MPImage[2]/APP1#2")
        #expect(app.label(.exif).text == "MPImage[2]/APP1#2/Exif")
        #expect(app.label(.xmp).text == "MPImage[2]/APP1#2/XMP")
        #expect(app.label(.extendedXMP).text == "MPImage[2]/APP1#2/ExtendedXMP")
        #expect(app.label(.mpf).text == "MPImage[2]/APP1#2/MPF")
        let frame = JPEG.Segment(marker: .sof0, offset: 20, length: 17, payload: 24..<39, ordinal: 1, pathPrefix: "")
        #expect(frame.label().text == "SOF0")
        let app11 = JPEG.Segment(marker: .app(11), offset: 2, length: 4, payload: 6..<8, ordinal: 3, pathPrefix: "")
        #expect(app11.label(.whole).text == "APP11#3")
    }
}
