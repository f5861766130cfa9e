@testable import DepthCheckCore
import Testing

/// The header `extract` writes before a TIFF's strip: gray or RGB only, which `dataOffset` holds.
@Suite struct TIFFHeaderTests {
    @Test(arguments: [(1, 146), (3, 158)])
    func grayAndRGBFitBeforeTheStrip(_ channels: Int, _ used: Int) throws {
        let header = try TIFFHeader.bytes(width: 4, height: 2, channels: channels, bytesPerSample: 4, float: true)
        #expect(header.count == TIFFHeader.dataOffset)
        #expect(header[used...].allSatisfy { $0 == 0 })
        #expect(header[..<4] == [0x49, 0x49, 42, 0])
    }

    @Test(arguments: [2, 4])
    func otherChannelCountsAreRefusedNotWritten(_ channels: Int) {
        #expect(throws: MapExportError.notApplicable("a TIFF of \(channels) channels of 4-byte samples is not written (gray or RGB only)")) {
            try TIFFHeader.bytes(width: 4, height: 2, channels: channels, bytesPerSample: 4, float: true)
        }
    }
}
