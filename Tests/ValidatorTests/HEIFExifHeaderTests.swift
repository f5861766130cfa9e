import Container
import Testing
import TestSupport
import Validator

/// An Exif item whose exif_tiff_header_offset 0 does not count the JPEG Exif identifier that
/// follows it: the TIFF header is read 6 bytes on, and the finding names the cause.
@Suite struct HEIFExifHeaderTests {
    @Test func theTIFFHeaderIsReadPastTheIdentifierAndTheCauseIsNamed() throws {
        let bytes = BadCorpus.exifItem(offset: 0, exifHeader: true)
        let file = try HEIF.File(parsing: bytes)
        #expect(file.exifItemsWithUnskippedHeader == [2])
        let exif = try #require(file.metadataItems.first { $0.kind == .exif }?.payloadRange)
        #expect(Array(bytes[exif.lowerBound..<(exif.lowerBound + 4)]) == [0x4D, 0x4D, 0x00, 0x2A])
        let findings = Validation.check(bytes: bytes, path: "e.heic", options: CheckOptions()).findings
        #expect(findings.map(\.rule.rawValue) == ["structure.heif.exif-header-not-skipped"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message == "exif_tiff_header_offset is 0 but JPEG's Exif identifier (45 78 69 66 00 00) follows it: the TIFF header is 6 bytes further, at byte 10 of the item")
        // With the offset counting the identifier, nothing is found.
        #expect(Validation.check(bytes: BadCorpus.exifItem(offset: 6, exifHeader: true), path: "e.heic", options: CheckOptions()).findings.isEmpty)
    }
}
