import AuxData
import Container
import Testing
import TestSupport
import Validator

/// A vendor's trailer after the last image, recognised by its signature, is named in a note;
/// bytes nothing names stay a warning whose fix never says to cut them off.
@Suite struct KnownTrailerTests {
    static func trailing(_ bytes: [UInt8]) -> [RuleFinding] {
        Validation.check(bytes: bytes, path: "t.jpg", options: CheckOptions()).findings.filter { $0.rule.rawValue == "structure.jpeg.trailing-data" }
    }

    @Test func samsungSEFTIsMeasuredAndNamed() throws {
        let primary = TrailerFixture.primary()
        let trailer = TrailerFixture.samsungSEFT()
        let bytes = primary + trailer
        let file = try JPEG.File(parsing: bytes)
        #expect(file.knownTrailers == [JPEG.KnownTrailer(format: .samsungSEFT, range: primary.count..<bytes.count)])
        let f = Self.trailing(bytes)
        #expect(f.map(\.severity) == [.note] && f.first?.offset == primary.count)
        #expect(f.first?.message == "\(trailer.count) bytes after the last image are a Samsung SEFT (depth maps, Motion Photo video, edit data) trailer, kept as they are")
    }

    @Test func leiaLIFIsMeasuredAndNamed() throws {
        let primary = TrailerFixture.primary()
        let bytes = primary + TrailerFixture.leiaLIF()
        #expect(try JPEG.File(parsing: bytes).knownTrailers.map(\.format) == [.leiaLIF])
        #expect(Self.trailing(bytes).map(\.severity) == [.note])
    }

    /// Stray bytes before a known trailer: the trailer is a note, the stray bytes a warning.
    @Test func strayBytesBeforeATrailerAreStillAWarning() throws {
        let primary = TrailerFixture.primary()
        let bytes = primary + [1, 2, 3, 4, 5] + TrailerFixture.samsungSEFT()
        let f = Self.trailing(bytes)
        #expect(f.map(\.severity) == [.note, .warning])
        #expect(f.last?.offset == primary.count && f.last?.message == "5 bytes after the last image, before the known trailer")
        #expect(f.first?.offset == primary.count + 5)
    }

    /// A signature whose length field points outside the bytes: named, taken from the first
    /// byte after the image.
    @Test func aTrailerWhoseLengthDoesNotFitSpansTheRest() throws {
        let primary = TrailerFixture.primary()
        var t = TrailerFixture.leiaLIF()
        t.replaceSubrange((t.count - 6)..<(t.count - 2), with: [0x7F, 0, 0, 0])
        #expect(try JPEG.File(parsing: primary + t).knownTrailers.isEmpty)
        let nikon = [UInt8](repeating: 0x42, count: 30) + [0x7F, 0, 0, 0] + [0, 0, 0, 0, 0, 0] + Array("/NIKON APP".utf8)
        #expect(try JPEG.File(parsing: primary + nikon).knownTrailers == [JPEG.KnownTrailer(format: .nikonApp, range: primary.count..<(primary.count + nikon.count))])
    }

    /// A Motion Photo's video, located by the GContainer directory, is no trailing data.
    @Test func motionPhotoVideoIsAccountedFor() throws {
        let bytes = TrailerFixture.motionPhoto()
        #expect(Self.trailing(bytes).isEmpty)
        // One byte more than the directory says is stray.
        #expect(Self.trailing(bytes + [9]).map(\.severity) == [.warning])
    }

    /// Bytes nothing names: a warning, and the fix says to find out what they are, never to
    /// truncate the file.
    @Test func unknownBytesWarnWithoutAdvisingTruncation() throws {
        let f = Self.trailing(TrailerFixture.primary() + Array("some vendor data".utf8))
        #expect(f.map(\.severity) == [.warning])
        let rule = try #require(Validation.catalog.first { $0.info.id.rawValue == "structure.jpeg.trailing-data" })
        #expect(!rule.info.fix.lowercased().contains("truncate") && rule.info.fix.contains("Find out what wrote the bytes"))
    }

    /// Leia's Lume Pad photo: the LIF trailer (539,592 bytes at 537,150) is a note.
    @Test(.requires(.fieldFile("leia-lif-trailer.jpg")))
    func lumePadPhotoIsANote() throws {
        let bytes = try TestData.fieldBytes("leia-lif-trailer.jpg")
        #expect(try JPEG.File(parsing: bytes).knownTrailers == [JPEG.KnownTrailer(format: .leiaLIF, range: 537_150..<1_076_742)])
        let all = Validation.check(bytes: bytes, path: "l.jpg", options: CheckOptions()).findings
        #expect(all.map(\.rule) == [.structureJPEGTrailingData] && all.map(\.severity) == [.note])
    }
}

/// A stereo MPO whose writer starts every frame on a 512-byte boundary (Panasonic's): the bytes
/// before the next frame and at the end of the file that pad to a boundary are notes naming the
/// alignment; the same bytes in a file whose images are not aligned stay a warning.
@Suite struct AlignedFramesTests {
    static func mpo(padding byte: UInt8) -> (bytes: [UInt8], gap: Range<Int>, tail: Range<Int>) {
        let second = JPEGFixture.image([], body: JPEGFixture.color64x48Body)
        let plain = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)], secondaries: [second])
        let primary = plain.count - second.count
        let pad = (512 - primary % 512) % 512
        let end = primary + pad + second.count
        let tailPad = (512 - end % 512) % 512
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [[UInt8](repeating: byte, count: pad) + second],
                                             trailing: [UInt8](repeating: byte, count: tailPad)) {
            $0[1].offset += UInt32(pad)
            $0[1].size -= UInt32(pad)
        }
        return (bytes, primary..<(primary + pad), end..<(end + tailPad))
    }

    @Test func paddingToTheFramesBoundaryIsANote() throws {
        let (bytes, gap, tail) = Self.mpo(padding: 0x5A)
        #expect(!gap.isEmpty && !tail.isEmpty)
        let f = KnownTrailerTests.trailing(bytes)
        #expect(f.map(\.severity) == [.note, .note])
        #expect(f.map(\.offset) == [gap.lowerBound, tail.lowerBound])
        #expect(f.first?.message == "\(gap.count) bytes between the primary's EOI and the next image pad it to a 512-byte boundary, where every image of the file starts")
        #expect(f.last?.message == "\(tail.count) bytes after the last image pad the file to a 512-byte boundary, where every image of the file starts")
    }

    @Test func theSameBytesInAnUnalignedFileAreAWarning() throws {
        let f = KnownTrailerTests.trailing(JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                                                    secondaries: [[0x5A, 0x5A, 0x5A] + JPEGFixture.image([])]) {
            $0[1].offset += 3
            $0[1].size -= 3
        })
        #expect(f.map(\.severity) == [.warning])
    }
}
