import Testing
@testable import Container
import TestSupport

/// In `JPEGFixture.image([exif(...)])` the APP1 segment is at 2, the TIFF header at 12, IFD0's
/// count at 20 and its Orientation entry at 22.
@Suite struct ExifTests {
    @Test(arguments: [Endian.big, Endian.little])
    func orientationIsReadInEitherByteOrder(endian: Endian) throws {
        let bytes = JPEGFixture.image([JPEGFixture.exif(orientation: 6, endian: endian)])
        let image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        let exif = try #require(image.exif)
        #expect(exif.header.endian == endian)
        #expect(exif.header.offset == 12)
        #expect(exif.ifd0.offset == 20)
        #expect(exif.orientation == 6)
        #expect(exif.orientationOffset == 22)
        #expect(exif.path == "APP1#1/Exif")
    }

    @Test func outOfRangeOrientationIsKeptRaw() throws {
        let bytes = JPEGFixture.image([JPEGFixture.exif(orientation: 9)])
        let image = try JPEG.Image(parsingHeadersOf: bytes, at: 0)
        #expect(image.exif?.orientation == 9)
        #expect(image.issues.isEmpty)
    }

    @Test func entryCountPastTheEndIsAnIssue() throws {
        let bytes = JPEGFixture.image([JPEGFixture.exif(orientation: 1, entryCount: 5)])
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues == [ParseError(.ifdEntryCountPastEnd, at: 20, path: "APP1#1/Exif/IFD0")])
        #expect(file.issues.first?.path == "APP1#1/Exif/IFD0")
        #expect(file.primary.exif == nil)
        #expect(file.primary.frame?.width == 16)
    }

    @Test func badByteOrderMarkIsAnIssue() throws {
        var bytes = JPEGFixture.image([JPEGFixture.exif(orientation: 1)])
        bytes[12] = 0x58
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues == [ParseError(.tiffBadByteOrder, at: 12, path: "APP1#1/Exif")])
    }

    @Test func badMagicIsAnIssue() throws {
        var bytes = JPEGFixture.image([JPEGFixture.exif(orientation: 1)])
        bytes[15] = 43
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues == [ParseError(.tiffBadMagic, at: 14, path: "APP1#1/Exif")])
    }

    @Test func ifdOffsetOutsideTheSegmentIsAnIssue() throws {
        var bytes = JPEGFixture.image([JPEGFixture.exif(orientation: 1)])
        bytes[19] = 200
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues == [ParseError(.tiffIFDOffsetOutOfBounds, at: 16, path: "APP1#1/Exif/IFD0")])
    }

    @Test func valueOutsideTheTIFFStructureIsAnError() throws {
        // A LONG × 3 value (12 bytes) must be addressed by offset; this one points past the end.
        var w = ByteWriter()
        w.append([0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1])
        w.u16(0x0100); w.u16(4); w.u32(3); w.u32(1000); w.u32(0)
        let tiff = ByteReader(w.bytes, path: "T")
        let ifd = try Exif.IFD(in: tiff, endian: .big, relativeOffset: 8, fieldOffset: 4, path: "T")
        #expect(throws: ParseError(.tiffValueOutOfBounds, at: 18, path: "T")) {
            try ifd.entries[0].valueRange(in: tiff, path: "T")
        }
        #expect(ifd.nextIFDOffset == 0)
    }
}
