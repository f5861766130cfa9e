import Testing
@testable import Container

/// The one bit reader: u(n), ue(v) and skips, bounds-checked, with errors at the file offset
/// of the byte holding the next bit, and the codes its caller names.
@Suite struct BitReaderTests {
    static let codes = BitReader.Codes(fieldTooWide: .spsInvalid, expGolombTooLong: .miniInvalid)

    @Test func emulationPreventionIsDroppedAndEveryByteKeepsItsOffset() {
        let (bytes, origins) = BitReader.rbsp([0x00, 0x00, 0x03, 0x01, 0xAB, 0x00, 0x00, 0x03], at: 100)
        #expect(bytes == [0x00, 0x00, 0x01, 0xAB, 0x00, 0x00])
        #expect(origins == [100, 101, 103, 104, 105, 106])
        #expect(BitReader.rbsp([0x00, 0x00, 0x03, 0x01]) == [0x00, 0x00, 0x01])
    }

    @Test func errorsNameTheByteThatHoldsTheNextBit() throws {
        let (bytes, origins) = BitReader.rbsp([0x00, 0x00, 0x03, 0x01, 0xAB], at: 100)
        var r = BitReader(bytes, origins: origins, endOffset: 105, path: "sei", codes: Self.codes)
        #expect(try r.bits(16, "two bytes") == 0)
        #expect(r.offset == 103)
        #expect(try r.bits(4) == 0 && r.offset == 103)
        #expect(try r.bits(12) == 0x1AB)
        #expect(r.offset == 105 && r.bitsLeft == 0)
        #expect(throws: ParseError(.truncated, at: 105, path: "sei")) { try r.bits(1, "one more") }
        #expect(throws: ParseError(.spsInvalid, at: 105, path: "sei")) { try r.bits(33, "a wide field") }
        #expect(throws: ParseError(.truncated, at: 105, path: "sei")) { try r.skip(1) }
    }

    @Test func expGolombCodesReadAndTooLongOnesAreRefusedWhereTheyStart() throws {
        // ue(v): 1 → 0, 010 → 1, 011 → 2, 00100 → 3; then 32 zeros.
        var r = BitReader([0b1010_0110, 0b0100_0000], offset: 7, path: "p", codes: Self.codes)
        #expect(try r.ue() == 0)
        #expect(try r.ue() == 1)
        #expect(try r.ue() == 2)
        #expect(try r.ue() == 3)
        var long = BitReader([0xAA, 0, 0, 0, 0, 0xFF], origins: [10, 11, 12, 13, 14, 15], endOffset: 16, path: "p", codes: Self.codes)
        _ = try long.bits(8)
        #expect(throws: ParseError(.miniInvalid, at: 11, path: "p")) { try long.ue() }
        var withOffset = BitReader([0, 0, 0, 0, 0xFF], offset: 3, path: "p", codes: Self.codes)
        #expect(throws: ParseError(.miniInvalid, at: 3, path: "p")) { try withOffset.ue() }
    }

    @Test func whatBitWriterWritesReadsBack() throws {
        var w = BitWriter()
        w.bits(5, 3)
        w.ue(1234)
        w.flag(true)
        w.bits(0xDEAD_BEEF as UInt32, 32)
        w.trailingBits()
        let nal = BitWriter.escaped(w.bytes)
        var r = BitReader(BitReader.rbsp(nal), offset: 0, path: "", codes: Self.codes)
        #expect(try r.bits(3) == 5)
        #expect(try r.ue() == 1234)
        #expect(try r.flag())
        #expect(try r.bits(32) == 0xDEAD_BEEF)
    }
}
