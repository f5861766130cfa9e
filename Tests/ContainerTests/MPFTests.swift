import Testing
@testable import Container
import TestSupport

/// Offsets in the demo file (`JPEGFixture.demoDisparity()`): SOI, APP1 Exif at 2 (36 bytes),
/// APP2 MPF at 38 with its TIFF header (the offset base) at 46, the index IFD at 54, its B002
/// entry at 80, MP entry 1 at 96 and entry 2 at 112. The primary is 653 bytes.
@Suite struct MPFTests {
    static let base = 46
    static let entry2 = 112
    static let primaryLength = 653

    @Test func demoFileHasTwoImagesLocatedByOffset() throws {
        let bytes = JPEGFixture.demoDisparity()
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.isEmpty)
        let mpf = try #require(file.mpf)
        #expect(mpf.tiffHeaderOffset == Self.base)
        #expect(mpf.endian == .big)
        #expect(mpf.version == "0100")
        #expect(mpf.numberOfImages == 2)
        #expect(mpf.entries.map(\.offset) == [96, 112])
        #expect(mpf.entries.map(\.path) == ["APP2#1/MPF/MPEntry[1]", "APP2#1/MPF/MPEntry[2]"])
        #expect(mpf.entries[0].type == .baselinePrimary)
        #expect(mpf.entries[0].imageOffset == 0)
        #expect(mpf.entries[1].type == .undefined)
        #expect(mpf.entries[1].imageOffset == UInt32(Self.primaryLength - Self.base))
        #expect(file.images.map(\.start) == [0, Self.primaryLength])
        #expect(file.images.map(\.end) == [Self.primaryLength, bytes.count])
        #expect(file.trailingBytes == nil)
        // The primary's coded data was not scanned.
        #expect(file.primary.end == nil)
        #expect(file.primary.exif?.orientation == 1)
        #expect(file.primary.frame?.width == 64 && file.primary.frame?.height == 48)
        #expect(file.primary.frame?.componentCount == 3)
    }

    @Test func auxImageCarriesXMPAndAStubMPF() throws {
        let bytes = JPEGFixture.demoDisparity()
        let file = try JPEG.File(parsing: bytes)
        let aux = try #require(file.images[1].image)
        #expect(aux.pathPrefix == "MPImage[2]/")
        #expect(aux.frame?.path == "MPImage[2]/SOF0")
        #expect(aux.frame?.width == 16 && aux.frame?.height == 12)
        #expect(aux.frame?.componentCount == 1 && aux.frame?.precision == 8)
        let stub = try #require(aux.mpf)
        #expect(stub.isStub)
        #expect(stub.numberOfImages == 2)
        #expect(stub.entries.isEmpty)
        let xmp = try #require(aux.xmp)
        #expect(xmp.path == "MPImage[2]/APP1#1/XMP")
        let text = String(decoding: bytes[xmp.packet], as: UTF8.self)
        #expect(text.hasPrefix("<x:xmpmeta"))
        #expect(text.contains("<apdi:NativeFormat>1751411059</apdi:NativeFormat>"))
    }

    @Test func littleEndianIndexReadsTheSameEntries() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()], endian: .little)
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.isEmpty)
        #expect(file.mpf?.endian == .little)
        #expect(file.images.map(\.start) == [0, 617])
        #expect(file.mpf?.entries[1].size == UInt32(bytes.count - 617))
    }

    @Test func entryAttributeBitsAreDecoded() throws {
        var w = ByteReader([0xA2, 0x02, 0x00, 0x02, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 2], path: "E")
        let e = try MPF.Entry(parsing: &w, endian: .big, number: 1)
        #expect(e.isDependentParent && !e.isDependentChild && e.isRepresentative)
        #expect(e.dataFormat == 2)
        #expect(e.type == .multiFrameDisparity)
        #expect(e.size == 256)
        #expect(e.dependentImage1 == 1 && e.dependentImage2 == 2)
        #expect(MPF.ImageType(code: 0x123456) == .unknown(0x123456))
        #expect(MPF.ImageType(code: 0x010003) == .largeThumbnail(3))
        #expect(MPF.ImageType(code: 0x050000) == .gainMap)
    }

    @Test func attributeIFDIsReadWhenPresent() throws {
        let payload = JPEGFixture.mpfPayload(entries: [.init(attribute: 0x30000)], attributeIFD: true)
        var r = ByteReader(payload, path: "MPF")
        var issues: [ParseError] = []
        let index = try MPF.Index(parsing: &r, limits: .default, issues: &issues)
        #expect(issues.isEmpty)
        #expect(index.attributeIFD?.entries.map(\.tag) == [0xB000, 0xB101])
    }

    @Test func stubSegmentParsesAsAStub() throws {
        var r = ByteReader(JPEGFixture.mpfPayload(entries: nil, numberOfImages: 3), path: "MPF")
        var issues: [ParseError] = []
        let index = try MPF.Index(parsing: &r, limits: .default, issues: &issues)
        #expect(issues.isEmpty)
        #expect(index.isStub && index.numberOfImages == 3 && index.entries.isEmpty)
    }

    // MARK: - Offsets and sizes that lie

    @Test func offsetPastTheEndOfTheFile() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()]) { $0[1].offset = 1_000_000 }
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.first == ParseError(.mpfOffsetOutOfBounds, at: Self.entry2 + 8, path: "APP2#1/MPF/MPEntry[2]"))
        #expect(file.issues.first?.path == "APP2#1/MPF/MPEntry[2]")
        #expect(file.images[1].start == nil)
    }

    @Test func offsetThatMissesTheSOI() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()]) { $0[1].offset -= 1 }
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.first == ParseError(.mpfEntryNotSOI, at: Self.entry2 + 8, path: ""))
        // Without a located secondary the primary is scanned to its EOI instead.
        #expect(file.images[0].end == Self.primaryLength)
        #expect(file.trailingBytes == Self.primaryLength..<bytes.count)
    }

    @Test func numberOfImagesDisagreesWithTheEntryArray() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()], numberOfImages: 3)
        let file = try JPEG.File(parsing: bytes)
        // Both are kept as declared; the mismatch is judged by structure.mpf.image-count-mismatch.
        #expect(file.issues.isEmpty)
        #expect(file.mpf?.numberOfImages == 3)
        #expect(file.mpf?.entries.count == 2)
    }

    @Test func entryByteCountBeyondTheSegment() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()], entryBytes: 48)
        let file = try JPEG.File(parsing: bytes)
        // B002's 48 bytes at 50 run past the 82-byte TIFF structure: the value field at 88 is
        // named. With no usable entry the file reads as one image followed by trailing bytes.
        #expect(file.issues == [ParseError(.tiffValueOutOfBounds, at: 88, path: "")])
        #expect(file.trailingBytes == Self.primaryLength..<bytes.count)
        #expect(file.primary.mpf?.entries.isEmpty == true)
        #expect(file.mpf == nil)
    }

    @Test func secondarySizeThatLies() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()]) { $0[1].size += 5 }
        let file = try JPEG.File(parsing: bytes)
        // The image is read from its SOI to its EOI whatever the size says; the size is judged
        // by structure.mpf.entry-size-mismatch and entry-offset-out-of-bounds.
        #expect(file.issues.isEmpty)
        #expect(file.images[1].actualSize == bytes.count - Self.primaryLength)
        #expect(file.images[1].entry.size == UInt32(bytes.count - Self.primaryLength + 5))
    }

    @Test func primarySizeThatLiesIsAQuirkNotAFailure() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()]) { $0[0].size = 1234 }
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.isEmpty)
        #expect(file.images[0].entry.size == 1234 && file.images[0].actualSize == Self.primaryLength)
        #expect(file.images[1].image?.frame?.width == 16)
    }

    @Test func firstEntryOffsetMustBeZero() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()]) { $0[0].offset = 4 }
        let file = try JPEG.File(parsing: bytes)
        // The primary is still the image at 0; the offset is judged by structure.mpf.first-entry-offset.
        #expect(file.issues.isEmpty)
        #expect(file.images[0].start == 0 && file.images[0].entry.imageOffset == 4)
    }

    @Test func bytesBeforeTheFirstSecondaryMustBeEOI() throws {
        let body = JPEGFixture.color64x48Body + [0x00, 0x00]
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)], primaryBody: body,
                                             secondaries: [JPEGFixture.disparityAux()])
        let file = try JPEG.File(parsing: bytes)
        // The primary is scanned to its own EOI instead of ending where the next image starts.
        #expect(file.issues.isEmpty)
        #expect(file.nextImageStart == Self.primaryLength + 2)
        #expect(file.images[1].followsEOI == false)
        #expect(file.images[0].end == Self.primaryLength)
        #expect(file.afterPrimary == Self.primaryLength..<(Self.primaryLength + 2))
        #expect(file.afterPrimaryIsZero)
    }

    /// Images aligned with padding (a camera that starts each image on a 512-byte boundary):
    /// entry 1's size says where the primary ends, so its coded data is not scanned, and the
    /// zeros before the next image belong to no image.
    @Test func paddingBetweenImagesIsKeptApartFromBoth() throws {
        let pad = [UInt8](repeating: 0, count: 493)
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [pad + JPEGFixture.disparityAux()]) {
            $0[1].offset += 493
            $0[1].size -= 493
        }
        let file = try JPEG.File(parsing: bytes)
        #expect(file.issues.isEmpty)
        #expect(file.primaryEndScanned == false)
        #expect(file.images[0].end == Self.primaryLength)
        #expect(file.nextImageStart == Self.primaryLength + 493)
        #expect(file.afterPrimary == Self.primaryLength..<(Self.primaryLength + 493))
        #expect(file.afterPrimaryIsZero)
        #expect(file.images[1].end == bytes.count)
        #expect(file.trailingBytes == nil)
    }

    /// Entry 1's size is where the primary ends only when EOI ends the bytes there: a size that
    /// lies leaves the primary to the next image's start, as before.
    @Test func aPrimarySizeWithoutEOIIsNotTheEnd() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()]) { $0[0].size = 600 }
        let file = try JPEG.File(parsing: bytes)
        #expect(file.primaryEndScanned == false)
        #expect(file.images[0].end == Self.primaryLength)
        #expect(file.afterPrimary == nil)
    }

    @Test func imagesThatShareBytesOverlap() throws {
        // Image 2 hides a complete JPEG in a COM segment; entry 3 points at it.
        let bytes = JPEGFixture.nestedSecondary().bytes
        let file = try JPEG.File(parsing: bytes)
        // Without Exif the TIFF header is at 10 and the entries at 60, 76 and 92.
        #expect(file.issues.isEmpty)
        #expect(file.images[2].start == file.images[1].start.map { $0 + 6 })
        #expect(file.images[1].end == bytes.count)
    }

    @Test func duplicateMPFSegmentIsReported() throws {
        let extra = JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: 2))
        let bytes = JPEGFixture.multiPicture(primaryAfter: [extra], secondaries: [JPEGFixture.disparityAux()])
        let file = try JPEG.File(parsing: bytes)
        // Both indexes are kept; readers use the first.
        #expect(file.issues.isEmpty)
        #expect(file.primary.mpfIndexes.map(\.path) == ["APP2#1/MPF", "APP2#2/MPF"])
        #expect(file.mpf?.path == "APP2#1/MPF")
    }

    @Test func secondaryWithBrokenHeadersIsAnIssueNotAThrow() throws {
        let broken = JPEGFixture.soi + JPEGFixture.segment(0xE1, [], length: 0) + JPEGFixture.gray16x12Body
        let bytes = JPEGFixture.multiPicture(secondaries: [broken])
        let file = try JPEG.File(parsing: bytes)
        let start = try #require(file.images[1].start)
        #expect(file.issues == [ParseError(.segmentLengthBelowTwo, at: start + 4, path: "MPImage[2]/APP1#1")])
        #expect(file.issues.first?.path == "MPImage[2]/APP1#1")
    }
    @Test func twoEntriesAtTheSameOffset() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux(images: 3), []]) { entries in
            entries[2].offset = entries[1].offset
            entries[2].size = entries[1].size
        }
        let file = try JPEG.File(parsing: bytes)
        // Entry 3 shares entry 2's image, which is read once.
        #expect(file.issues.isEmpty)
        #expect(file.images[2].sameStartAs == 2 && file.images[1].sameStartAs == nil)
        #expect(file.images[2].end == file.images[1].end)
        #expect(file.trailingBytes == nil)
    }

    @Test func anSOIInsideThePrimaryHeadersIsAnOverlap() throws {
        // A COM segment after the MPF one (at 92) holds a whole JPEG (its SOI at 96), like an Exif
        // thumbnail; entry 2 points at it. The primary is then scanned instead, and the real aux
        // is trailing data. MPF offsets are unsigned, so only bytes after the base are reachable.
        let inner = JPEGFixture.image([])
        let com = JPEGFixture.segment(0xFE, inner)
        let bytes = JPEGFixture.multiPicture(primaryAfter: [com], secondaries: [JPEGFixture.disparityAux()]) {
            $0[1].offset = 96 - 10
        }
        let file = try JPEG.File(parsing: bytes)
        let entry2 = 76
        let primaryEnd = 2 + 90 + com.count + JPEGFixture.color64x48Body.count
        #expect(file.issues.isEmpty)
        #expect(file.nextImageStart == nil)
        #expect(file.trailingBytes == primaryEnd..<bytes.count)
        #expect(file.images[1].entry.offset == entry2)
        #expect(file.images[0].end == primaryEnd)
        #expect(file.images[1].start == 96)
    }
    @Test func truncatedInsideTheAuxImage() throws {
        let whole = JPEGFixture.demoDisparity()
        let bytes = Array(whole[0..<(Self.primaryLength + 10)])
        let file = try JPEG.File(parsing: bytes)
        // The aux's APP1 (at 655, length field at 657) runs past the end. (That the declared
        // size no longer fits is judged by structure.mpf.entry-offset-out-of-bounds.)
        #expect(file.issues == [ParseError(.segmentTruncated, at: Self.primaryLength + 4, path: "MPImage[2]/APP1#1")])
        #expect(file.issues.last?.path == "MPImage[2]/APP1#1")
    }

    @Test func truncatedInsideThePrimaryHeadersThrows() {
        let bytes = Array(JPEGFixture.demoDisparity()[0..<50])
        // The APP2 MPF segment at 38 declares 88 bytes; its length field is at 40.
        #expect(throws: ParseError(.segmentTruncated, at: 40, path: "APP2#1")) { try JPEG.File(parsing: bytes) }
    }

    @Test func entryCountAboveTheLimitIsRefused() throws {
        var limits = ParseLimits()
        limits.maxItems = 1
        let file = try JPEG.File(parsing: JPEGFixture.demoDisparity(), limits: limits)
        #expect(file.issues.first == ParseError(.limitExceeded, at: 80, path: "APP2#1/MPF"))
        #expect(file.mpf == nil)
    }

    @Test func segmentCountAboveTheLimitIsRefused() {
        var limits = ParseLimits()
        limits.maxBoxes = 3
        // SOI, DQT, SOF0 are allowed; the first DHT (at 84) is the fourth segment.
        #expect(throws: ParseError(.tooManySegments, at: 84, path: "DHT#1")) {
            try JPEG.File(parsing: JPEGFixture.image([]), limits: limits)
        }
    }
    @Test func zerosAfterTheLastImageAreTrailingBytes() throws {
        // iPhone 7 Plus files end with up to ~1 MB of zeros after the last EOI.
        let zeros = [UInt8](repeating: 0, count: 4096)
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()], trailing: zeros)
        let file = try JPEG.File(parsing: bytes)
        let end = bytes.count - zeros.count
        #expect(file.trailingBytes == end..<bytes.count)
        #expect(file.trailingBytesAreZero && !file.trailingBytesStartWithSOI)
        #expect(file.issues.isEmpty)
        #expect(file.images[1].end == end)
    }

    @Test func trailingBytesAreDescribedByTheirFirstBytesAndZeros() throws {
        let withImage = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()], trailing: JPEGFixture.image([]))
        let image = try JPEG.File(parsing: withImage)
        #expect(image.trailingBytesStartWithSOI && !image.trailingBytesAreZero)
        let other = try JPEG.File(parsing: JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()],
                                                                    trailing: [0, 0, 1]))
        #expect(!other.trailingBytesStartWithSOI && !other.trailingBytesAreZero)
        let none = try JPEG.File(parsing: JPEGFixture.demoDisparity())
        #expect(none.trailingBytes == nil && !none.trailingBytesStartWithSOI && !none.trailingBytesAreZero)
    }
}
