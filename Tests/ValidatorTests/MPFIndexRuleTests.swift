import Testing
import TestSupport
import Container
@testable import Validator

/// The rules that judge the MP Index IFD itself: its version, NumberOfImages, the entry count,
/// the first entry's offset and the number of APP2 MPF segments.
///
/// Offsets in the demo file (`JPEGFixture.demoDisparity()`): APP2 MPF at 38 with its TIFF header
/// at 46, the index IFD at 54 (B000 at 56, B001 at 68, B002 at 80), MP entry 1 at 96.
@Suite struct MPFIndexRuleTests {
    static let demo = JPEGFixture.demoDisparity()

    static func withExif(secondaries: [[UInt8]] = [JPEGFixture.disparityAux()], numberOfImages: UInt32? = nil,
                         tweak: (inout [JPEGFixture.MPEntry]) -> Void = { _ in }) -> [UInt8] {
        JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)], secondaries: secondaries,
                                 numberOfImages: numberOfImages, tweak: tweak)
    }

    @Test func demoPassesEveryIndexRule() throws {
        let rules: [any Rule] = [MPFVersionInvalid(), MPFImageCountMismatch(), MPFFirstEntryOffset(), MPFDuplicateIndex(),
                                 MPFFirstEntryType(), MPFStubMismatch()]
        for rule in rules { #expect(try outcome(of: rule, Self.demo) == .passed, "\(rule.info.id.rawValue)") }
    }

    @Test func indexRulesDoNotApplyWithoutMPF() throws {
        let plain = JPEGFixture.image([])
        let rules: [any Rule] = [MPFVersionInvalid(), MPFImageCountMismatch(), MPFFirstEntryOffset(), MPFDuplicateIndex(),
                                 MPFFirstEntryType(), MPFStubMismatch()]
        for rule in rules { #expect(try outcome(of: rule, plain) == .notApplicable, "\(rule.info.id.rawValue)") }
    }

    @Test func versionOtherThan0100IsReported() throws {
        // Only the primary's B000 is changed; the aux image's stub keeps "0100".
        let bytes = patching(Self.demo, Array("0100".utf8), with: Array("0200".utf8))
        #expect(try outcome(of: MPFVersionInvalid(), bytes) == .failed([
            RuleFinding(rule: .structureMPFVersion, severity: .error, offset: 56, path: "APP2#1/MPF", message: "MPFVersion 0200"),
        ]))
    }

    @Test func numberOfImagesThatIsNotALongIsMissing() throws {
        // B001 (at 68) as a SHORT: type 4 becomes 3.
        let bytes = patching(Self.demo, [0xB0, 0x01, 0x00, 0x04], with: [0xB0, 0x01, 0x00, 0x03])
        #expect(try outcome(of: MPFVersionInvalid(), bytes) == .failed([
            RuleFinding(rule: .structureMPFVersion, severity: .error, offset: 54, path: "APP2#1/MPF",
                    message: "no LONG NumberOfImages (B001) in the MP Index IFD"),
        ]))
    }

    @Test func numberOfImagesDisagreesWithTheEntryArray() throws {
        let bytes = Self.withExif(numberOfImages: 3)
        #expect(try outcome(of: MPFImageCountMismatch(), bytes) == .failed([
            RuleFinding(rule: .structureMPFImageCountMismatch, severity: .error, offset: 80, path: "APP2#1/MPF",
                    message: "MPEntry has 32 bytes, NumberOfImages 3 needs 48"),
        ]))
    }

    @Test func entryByteCountBeyondTheSegmentIsACountMismatch() throws {
        // No entry can be read (the reader reports the value outside the segment); the count is
        // still judged, although the file then has no usable MPF index.
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()], entryBytes: 48)
        #expect(try outcome(of: MPFImageCountMismatch(), bytes) == .failed([
            RuleFinding(rule: .structureMPFImageCountMismatch, severity: .error, offset: 80, path: "APP2#1/MPF",
                    message: "MPEntry has 48 bytes, NumberOfImages 2 needs 32"),
        ]))
    }

    @Test func firstEntryOffsetMustBeZero() throws {
        let bytes = Self.withExif { $0[0].offset = 4 }
        #expect(try outcome(of: MPFFirstEntryOffset(), bytes) == .failed([
            RuleFinding(rule: .structureMPFFirstEntryOffset, severity: .error, offset: 104, path: "APP2#1/MPF/MPEntry[1]",
                    message: "first image offset 4, expected 0"),
        ]))
    }

    @Test func secondMPFSegmentIsADuplicateIndex() throws {
        let extra = JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: 2))
        let bytes = JPEGFixture.multiPicture(primaryAfter: [extra], secondaries: [JPEGFixture.disparityAux()])
        // Without Exif the full MPF segment is at 2 (90 bytes); the extra one follows at 92.
        #expect(try outcome(of: MPFDuplicateIndex(), bytes) == .failed([
            RuleFinding(rule: .structureMPFDuplicateIndex, severity: .error, offset: 92, path: "APP2#2",
                    message: "a second APP2 MPF segment"),
        ]))
    }

    // MARK: - structure.mpf.first-entry-type

    @Test func firstEntryOfTypeUndefinedIsReported() throws {
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()], attributes: [0, 0])
        #expect(try outcome(of: MPFFirstEntryType(), bytes) == .failed([
            RuleFinding(rule: .structureMPFFirstEntryType, severity: .error, offset: 96, path: "APP2#1/MPF/MPEntry[1]",
                    message: "first image's MP type is 0x000000, expected 0x030000 (baseline MP primary image)"),
        ]))
    }

    @Test func firstEntryThatIsAGainMapIsReported() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()], attributes: [0x0005_0000, 0])
        #expect(try outcome(of: MPFFirstEntryType(), bytes) == .failed([
            RuleFinding(rule: .structureMPFFirstEntryType, severity: .error, offset: 60, path: "APP2#1/MPF/MPEntry[1]",
                    message: "first image's MP type is 0x050000, expected 0x030000 (baseline MP primary image)"),
        ]))
    }

    @Test func stereoPairMayStartWithAFrame() throws {
        // Stereo cameras mark the first frame representative, multi-frame disparity (0x020002).
        let bytes = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()],
                                             attributes: [0x2002_0002, 0x0002_0002])
        #expect(try outcome(of: MPFFirstEntryType(), bytes) == .passed)
    }

    // MARK: - structure.mpf.stub-mismatch

    /// The disparity image's stub in the demo layout: the image at 653, its APP2 MPF after SOI
    /// and the APP1 XMP, the stub's TIFF header 8 bytes in, B001 22 bytes after that.
    static let stubTIFF = 653 + 2 + JPEGFixture.xmp(JPEGFixture.appleDisparityXMP).count + 8

    @Test func stubThatCountsOtherwiseIsReported() throws {
        let bytes = Self.withExif(secondaries: [JPEGFixture.disparityAux(images: 3)])
        #expect(try outcome(of: MPFStubMismatch(), bytes) == .failed([
            RuleFinding(rule: .structureMPFStubMismatch, severity: .error, offset: Self.stubTIFF + 22,
                    path: "MPImage[2]/APP2#1/MPF", message: "image 2's MPF stub has NumberOfImages 3, the index 2"),
        ]))
    }

    @Test func secondaryWithEntriesOfItsOwnIsReported() throws {
        let full = JPEGFixture.mpfPayload(entries: [.init(attribute: 0x0003_0000), .init(attribute: 0)])
        let aux = JPEGFixture.image([JPEGFixture.segment(0xE2, full)])
        let bytes = Self.withExif(secondaries: [aux])
        // The secondary's APP2 at 655: TIFF header at 663, B002 the third IFD entry (663 + 34).
        #expect(try outcome(of: MPFStubMismatch(), bytes) == .failed([
            RuleFinding(rule: .structureMPFStubMismatch, severity: .error, offset: 697,
                    path: "MPImage[2]/APP2#1/MPF", message: "image 2's MPF segment has an MPEntry (B002) of its own"),
        ]))
    }

    @Test func stubsAreNotJudgedAgainstAnIndexThatMiscountsItself() throws {
        // NumberOfImages 3 over two entries is structure.mpf.image-count-mismatch's finding.
        #expect(try outcome(of: MPFStubMismatch(), Self.withExif(numberOfImages: 3)) == .passed)
    }
}
