import Testing
@testable import Container
import TestSupport

/// Extended XMP segments: each is `FF E1`, length, the 35-byte namespace, a 32-byte GUID, full
/// length and offset. With the chunks directly after SOI, chunk k's GUID field sits at
/// 2 + k·(4 + 75 + chunkSize) + 39.
@Suite struct ExtendedXMPTests {
    static let packet: [UInt8] = Array(String(repeating: "<rdf:Description GDepth:Near=\"12.42\"/>", count: 20).utf8)
    static let chunkSize = 300

    func guidField(_ k: Int) -> Int { 2 + k * (4 + 75 + Self.chunkSize) + 39 }

    func file(_ chunks: [[UInt8]]) throws -> JPEG.File {
        try JPEG.File(parsing: JPEGFixture.image(chunks))
    }

    @Test func chunksAreReassembledAndTheMD5MatchesTheGUID() throws {
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize)
        #expect(chunks.count == 3)
        let f = try file(chunks)
        #expect(f.issues.isEmpty)
        #expect(f.primary.extendedXMPChunks.count == 3)
        #expect(f.primary.extendedXMPChunks[1].path == "APP1#2/ExtendedXMP")
        let x = try #require(f.primary.extendedXMP.first)
        #expect(x.fullLength == Self.packet.count)
        #expect(x.bytes == Self.packet)
        #expect(x.md5Matches)
        #expect(x.guid == MD5.hexDigest(Self.packet))
    }

    @Test func packetPositionsMapToTheChunkThatHoldsThem() throws {
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize)
        let bytes = JPEGFixture.image([chunks[2], chunks[0], chunks[1]])
        let x = try #require(try JPEG.File(parsing: bytes).primary.extendedXMP.first)
        for p in [0, 1, 299, 300, 599, 600, Self.packet.count - 1] {
            let at = try #require(x.fileOffset(ofPacketPosition: p))
            #expect(bytes[at] == Self.packet[p], "position \(p)")
        }
        #expect(x.fileOffset(ofPacketPosition: Self.packet.count) == nil)
        #expect(x.fileOffset(ofPacketPosition: -1) == nil)
    }

    @Test func chunksMayComeInAnyOrder() throws {
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize)
        let f = try file([chunks[2], chunks[0], chunks[1]])
        #expect(f.issues.isEmpty)
        #expect(f.primary.extendedXMP.first?.bytes == Self.packet)
    }

    @Test func aMissingChunkIsAGap() throws {
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize)
        let f = try file([chunks[0], chunks[2]])
        // The chunk at offset 600 follows bytes 300..<600 that no chunk holds: its offset field.
        #expect(f.issues == [ParseError(.extendedXMPGap, at: guidField(1) + 36, path: "APP1#2/ExtendedXMP")])
        #expect(f.primary.extendedXMP.first?.bytes == nil)
    }

    @Test func aMissingLastChunkIsAGapAtTheEnd() throws {
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize)
        let f = try file([chunks[0], chunks[1]])
        // Named at the end of the last chunk's data.
        #expect(f.issues == [ParseError(.extendedXMPGap, at: 2 + 2 * (4 + 75 + Self.chunkSize), path: "")])
    }

    @Test func overlappingChunksAreReported() throws {
        let g = MD5.hexDigest(Self.packet)
        let n = UInt32(Self.packet.count)
        let a = JPEGFixture.extendedXMPChunk(guid: g, fullLength: n, offset: 0, Self.packet[0..<300])
        let b = JPEGFixture.extendedXMPChunk(guid: g, fullLength: n, offset: 200, Self.packet[200...])
        let f = try file([a, b])
        #expect(f.issues == [ParseError(.extendedXMPOverlap, at: guidField(1) + 36, path: "")])
    }

    @Test func wrongGUIDIsAnMD5Mismatch() throws {
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize,
                                             guid: "0123456789ABCDEF0123456789ABCDEF")
        let f = try file(chunks)
        #expect(f.issues == [ParseError(.extendedXMPMD5Mismatch, at: guidField(0), path: "APP1#1/ExtendedXMP")])
        #expect(f.primary.extendedXMP.first?.md5Matches == false)
        #expect(f.primary.extendedXMP.first?.bytes == Self.packet)
    }

    @Test func lowercaseGUIDDoesNotMatch() throws {
        // Adobe XMP Part 3 §1.1.3.1 specifies uppercase hex digits.
        let chunks = JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize,
                                             guid: MD5.hexDigest(Self.packet).lowercased())
        let f = try file(chunks)
        #expect(f.issues == [ParseError(.extendedXMPMD5Mismatch, at: guidField(0), path: "")])
    }

    @Test func fullLengthsMustAgree() throws {
        let g = MD5.hexDigest(Self.packet)
        let n = UInt32(Self.packet.count)
        let a = JPEGFixture.extendedXMPChunk(guid: g, fullLength: n, offset: 0, Self.packet[0..<300])
        let b = JPEGFixture.extendedXMPChunk(guid: g, fullLength: n + 1, offset: 300, Self.packet[300...])
        let f = try file([a, b])
        #expect(f.issues == [ParseError(.extendedXMPFullLengthMismatch, at: guidField(1) + 32, path: "")])
    }

    @Test func chunkPastTheFullLength() throws {
        let g = MD5.hexDigest(Self.packet)
        let a = JPEGFixture.extendedXMPChunk(guid: g, fullLength: 100, offset: 0, Self.packet[0..<300])
        let f = try file([a])
        #expect(f.issues == [ParseError(.extendedXMPChunkPastEnd, at: guidField(0) + 36, path: "")])
    }

    @Test func fullLengthAboveTheLimitIsRefusedBeforeAllocating() throws {
        let g = MD5.hexDigest(Self.packet)
        let a = JPEGFixture.extendedXMPChunk(guid: g, fullLength: 0xFFFF_FFF0, offset: 0, Self.packet[0..<300])
        let f = try file([a])
        #expect(f.issues == [ParseError(.limitExceeded, at: guidField(0) + 32, path: "")])
    }

    @Test func shortHeaderIsAnIssue() throws {
        let seg = JPEGFixture.segment(0xE1, Array("http://ns.adobe.com/xmp/extension/\0".utf8) + [0x41, 0x42])
        let f = try file([seg])
        #expect(f.issues == [ParseError(.extendedXMPHeaderTruncated, at: 6, path: "APP1#1/ExtendedXMP")])
    }

    @Test func twoGUIDsAreTwoPackets() throws {
        let other = Array("second packet".utf8)
        let f = try file(JPEGFixture.extendedXMP(Self.packet, chunkSize: Self.chunkSize)
                         + JPEGFixture.extendedXMP(other, chunkSize: 100))
        #expect(f.issues.isEmpty)
        #expect(f.primary.extendedXMP.map(\.fullLength) == [Self.packet.count, other.count])
    }
}
