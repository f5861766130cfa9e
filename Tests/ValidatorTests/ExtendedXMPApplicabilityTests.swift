import Testing
import TestSupport
import Container
@testable import Validator

/// structure.xmp.extended-invalid applies to a JPEG whose primary carries Extended XMP chunks,
/// as the structure shows them.
@Suite struct ExtendedXMPApplicabilityTests {
    @Test func noChunksMeansNotApplicable() throws {
        #expect(try outcome(of: ReaderProblemRule.extendedXMPInvalid, JPEGFixture.demoDisparity()) == .notApplicable)
    }

    @Test func wellFormedChunksPass() throws {
        let packet = Array(String(repeating: "<x:xmpmeta/>", count: 40).utf8)
        let bytes = JPEGFixture.image(JPEGFixture.extendedXMP(packet, chunkSize: 100))
        #expect(try outcome(of: ReaderProblemRule.extendedXMPInvalid, bytes) == .passed)
    }
}
