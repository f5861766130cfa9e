import Testing
import Container
import TestSupport

/// `ByteScan` finds a byte a word at a time; it must find exactly what a byte-by-byte loop finds.
@Suite struct ByteScanTests {
    @Test func findsTheFirstAndLastOccurrence() {
        let bytes: [UInt8] = [1, 0x3C, 2, 3, 4, 5, 6, 7, 8, 9, 0x3C, 11, 0x22, 13, 14, 15, 16, 17]
        bytes.withUnsafeBytes { b in
            #expect(ByteScan.firstIndex(of: 0x3C, in: b, 0..<18) == 1)
            #expect(ByteScan.firstIndex(of: 0x3C, in: b, 2..<18) == 10)
            #expect(ByteScan.firstIndex(of: 0x3C, in: b, 2..<10) == nil)
            #expect(ByteScan.lastIndex(of: 0x3C, in: b, 0..<18) == 10)
            #expect(ByteScan.lastIndex(of: 0x3C, in: b, 0..<10) == 1)
            #expect(ByteScan.lastIndex(of: 0x3C, in: b, 2..<10) == nil)
            #expect(ByteScan.firstIndex(of: 0x22, in: b, 0..<18) == 12)
            // A range outside the buffer finds nothing rather than reading past it.
            #expect(ByteScan.firstIndex(of: 0x3C, in: b, 0..<19) == nil)
            #expect(ByteScan.lastIndex(of: 0x3C, in: b, -1..<5) == nil)
        }
    }

    /// 0x80 and 0x00 neighbours are where the word test can give false positives.
    @Test func agreesWithAByteLoopOnRandomBuffers() {
        var rng = SeededGenerator(seed: 5)
        let alphabet: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFE, 0xFF, 0x3C]
        for _ in 0..<2000 {
            let n = Int.random(in: 0...40, using: &rng)
            let bytes = (0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
            let lo = Int.random(in: 0...n, using: &rng), hi = Int.random(in: lo...n, using: &rng)
            let target = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
            bytes.withUnsafeBytes { b in
                #expect(ByteScan.firstIndex(of: target, in: b, lo..<hi) == bytes[lo..<hi].firstIndex(of: target))
                #expect(ByteScan.lastIndex(of: target, in: b, lo..<hi) == bytes[lo..<hi].lastIndex(of: target))
            }
        }
    }
}
