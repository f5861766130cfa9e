import Testing
import TestSupport
import Container
import AuxData
@testable import Validator

/// The rules that judge where the MP entries say the images are against where they were found:
/// offsets, sizes, overlaps and the EOI before each image.
///
/// Offsets in the demo file (`JPEGFixture.demoDisparity()`): the MPF TIFF header (the offset
/// base) at 46, MP entry 1 at 96 and entry 2 at 112 (size field +4, offset field +8). The
/// primary is 653 bytes. Without Exif the TIFF header is at 10 and the entries at 60, 76, 92.
@Suite struct MPFLayoutRuleTests {
    static let primaryLength = 653
    static let aux = JPEGFixture.disparityAux()

    static func withExif(secondaries: [[UInt8]] = [aux], primaryBody: [UInt8] = JPEGFixture.color64x48Body,
                         tweak: (inout [JPEGFixture.MPEntry]) -> Void = { _ in }) -> [UInt8] {
        JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)], primaryBody: primaryBody,
                                 secondaries: secondaries, tweak: tweak)
    }

    static func finding(_ rule: String, _ offset: Int, _ path: String, _ message: String,
                        _ severity: FindingSeverity = .error) -> RuleFinding {
        RuleFinding(rule: RuleID(rawValue: rule), severity: severity, offset: offset, path: path, message: message)
    }

    @Test func demoPassesEveryLayoutRule() throws {
        let demo = JPEGFixture.demoDisparity()
        let rules: [any Rule] = [MPFEntryOffsetOutOfBounds(), MPFImagesOverlap(), MPFEntrySizeMismatch(), MPFImageTruncated()]
        for rule in rules { #expect(try outcome(of: rule, demo) == .passed, "\(rule.info.id.rawValue)") }
    }

    // MARK: - structure.mpf.entry-offset-out-of-bounds

    @Test func offsetPastTheEndOfTheFileIsTheReadersProblem() throws {
        let bytes = Self.withExif { $0[1].offset = 1_000_000 }
        #expect(try outcome(of: MPFEntryOffsetOutOfBounds(), bytes) == .failed([
            Self.finding("structure.mpf.entry-offset-out-of-bounds", 120, "APP2#1/MPF/MPEntry[2]",
                         "offset 1000000 + base 46 is outside the \(bytes.count)-byte file"),
        ]))
    }

    @Test func sizePastTheEndOfACompleteImageIsASizeMismatch() throws {
        // The image is whole (its EOI ends the file); only its declared size is wrong.
        let bytes = Self.withExif { $0[1].size += 5 }
        let actual = bytes.count - Self.primaryLength
        #expect(try outcome(of: MPFEntryOffsetOutOfBounds(), bytes) == .passed)
        #expect(try outcome(of: MPFImageTruncated(), bytes) == .passed)
        #expect(try outcome(of: MPFEntrySizeMismatch(), bytes) == .failed([
            Self.finding("structure.mpf.entry-size-mismatch", 116, "APP2#1/MPF/MPEntry[2]",
                         "declared size \(actual + 5), actual \(actual)"),
        ]))
    }

    @Test func twoEntriesAtTheSameOffset() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux(images: 3), []]) { entries in
            entries[2].offset = entries[1].offset
            entries[2].size = entries[1].size
        }
        let start = try #require(try PhotoReader.read(bytes).structure.jpeg?.images[1].start)
        #expect(try outcome(of: MPFEntryOffsetOutOfBounds(), bytes) == .failed([
            Self.finding("structure.mpf.entry-offset-out-of-bounds", 100, "APP2#1/MPF/MPEntry[3]",
                         "entry 2 already points at \(start)"),
        ]))
    }

    @Test func readerProblemsAndJudgementsKeepEntryOrder() throws {
        // Entry 3 repeats entry 2's offset (judged), entry 4's offset is outside the file
        // (unreadable). Two more entries make the primary 32 bytes longer; entry 3 is at 128.
        let bytes = Self.withExif(secondaries: [Self.aux, Self.aux, Self.aux]) { entries in
            entries[2].offset = entries[1].offset
            entries[3].offset = 2_000_000
        }
        #expect(try outcome(of: MPFEntryOffsetOutOfBounds(), bytes) == .failed([
            Self.finding("structure.mpf.entry-offset-out-of-bounds", 136, "APP2#1/MPF/MPEntry[3]",
                         "entry 2 already points at \(Self.primaryLength + 32)"),
            Self.finding("structure.mpf.entry-offset-out-of-bounds", 152, "APP2#1/MPF/MPEntry[4]",
                         "offset 2000000 + base 46 is outside the \(bytes.count)-byte file"),
        ]))
    }

    // MARK: - structure.mpf.image-truncated

    @Test func wholeImagesAreNotTruncated() throws {
        #expect(try outcome(of: MPFImageTruncated(), JPEGFixture.demoDisparity()) == .passed)
        #expect(try outcome(of: MPFImageTruncated(), JPEGFixture.image([])) == .notApplicable)
    }

    @Test func aFileThatEndsInsideAnImageTruncatesIt() throws {
        // The last 10 bytes (the EOI and 8 bytes of coded data) are cut off.
        let bytes = Array(Self.withExif().dropLast(10))
        #expect(try outcome(of: MPFImageTruncated(), bytes) == .failed([
            Self.finding("structure.mpf.image-truncated", 116, "APP2#1/MPF/MPEntry[2]",
                         "image 2 is truncated: \(Self.aux.count) bytes declared from \(Self.primaryLength), the file ends 10 bytes short"),
        ]))
        // The offset is right: nothing for the offset rule to say.
        #expect(try outcome(of: MPFEntryOffsetOutOfBounds(), bytes) == .passed)
    }

    // MARK: - structure.mpf.images-overlap

    /// Padding between the primary's EOI and the next image (cameras that align each image)
    /// belongs to no image: nothing overlaps.
    @Test func paddingBeforeTheFirstSecondaryIsNoOverlap() throws {
        let bytes = Self.withExif(primaryBody: JPEGFixture.color64x48Body + [0x00, 0x00])
        #expect(try outcome(of: MPFImagesOverlap(), bytes) == .passed)
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .passed)
    }

    @Test func imagesThatShareBytesOverlap() throws {
        // Image 2 hides a complete JPEG in a COM segment; entry 3 points at it.
        let (bytes, outer, _) = JPEGFixture.nestedSecondary()
        let start2 = bytes.count - outer.count
        #expect(try outcome(of: MPFImagesOverlap(), bytes) == .failed([
            Self.finding("structure.mpf.images-overlap", 100, "APP2#1/MPF/MPEntry[3]",
                         "image 3 at \(start2 + 6) starts inside image 2 (ends at \(bytes.count))"),
        ]))
    }

    // MARK: - structure.mpf.entry-size-mismatch

    @Test func primarySizeThatLiesIsANote() throws {
        let bytes = Self.withExif { $0[0].size = 1234 }
        #expect(try outcome(of: MPFEntrySizeMismatch(), bytes) == .failed([
            Self.finding("structure.mpf.entry-size-mismatch", 100, "APP2#1/MPF/MPEntry[1]",
                         "declared size 1234, actual \(Self.primaryLength) (the primary; readers locate it at offset 0)", .note),
        ]))
    }

    @Test func secondarySizesComeBeforeThePrimarys() throws {
        let bytes = Self.withExif { entries in
            entries[0].size = 1234
            entries[1].size += 5
        }
        let auxLength = bytes.count - Self.primaryLength
        #expect(try outcome(of: MPFEntrySizeMismatch(), bytes) == .failed([
            Self.finding("structure.mpf.entry-size-mismatch", 116, "APP2#1/MPF/MPEntry[2]",
                         "declared size \(auxLength + 5), actual \(auxLength)"),
            Self.finding("structure.mpf.entry-size-mismatch", 100, "APP2#1/MPF/MPEntry[1]",
                         "declared size 1234, actual \(Self.primaryLength) (the primary; readers locate it at offset 0)", .note),
        ]))
    }

    @Test func anSOIInsideThePrimaryHeadersIsAnOverlapAndASizeMismatch() throws {
        // A COM segment after the MPF one (at 92) holds a whole JPEG (its SOI at 96), like an Exif
        // thumbnail; entry 2 (at 76) points at it. The primary is then scanned to its own EOI.
        let inner = JPEGFixture.image([])
        let com = JPEGFixture.segment(0xFE, inner)
        let bytes = JPEGFixture.multiPicture(primaryAfter: [com], secondaries: [Self.aux]) { $0[1].offset = 96 - 10 }
        let primaryEnd = 2 + 90 + com.count + JPEGFixture.color64x48Body.count
        #expect(try outcome(of: MPFEntrySizeMismatch(), bytes) == .failed([
            Self.finding("structure.mpf.entry-size-mismatch", 80, "APP2#1/MPF/MPEntry[2]",
                         "declared size \(Self.aux.count), actual \(inner.count)"),
        ]))
        #expect(try outcome(of: MPFImagesOverlap(), bytes) == .failed([
            Self.finding("structure.mpf.images-overlap", 84, "APP2#1/MPF/MPEntry[2]",
                         "image 2 at 96 starts inside image 1 (ends at \(primaryEnd))"),
        ]))
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .failed([
            Self.finding("structure.jpeg.trailing-data", primaryEnd, "",
                         "\(Self.aux.count) bytes after the last image begin with SOI (FF D8): an unindexed image follows", .warning),
        ]))
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXPrimarySizeQuirkIsTheOnlyLayoutFinding() throws {
        // iOS 12 writes entry 1's size as 2,558,675; the primary really is 2,570,521 bytes.
        let bytes = try #require(FileBytes.read(TestData.real("apple-jpeg-disparity-iphonex.jpg")))
        #expect(try outcome(of: MPFEntrySizeMismatch(), bytes) == .failed([
            Self.finding("structure.mpf.entry-size-mismatch", 12124, "APP2#1/MPF/MPEntry[1]",
                         "declared size 2558675, actual 2570521 (the primary; readers locate it at offset 0)", .note),
        ]))
        #expect(try outcome(of: MPFEntryOffsetOutOfBounds(), bytes) == .passed)
        #expect(try outcome(of: MPFImagesOverlap(), bytes) == .passed)
    }
}
