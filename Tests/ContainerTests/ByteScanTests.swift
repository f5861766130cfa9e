import Testing
import Container
import TestSupport

/// `ByteScan` finds a byte a word at a time; it must find exactly what a byte-by-byte loop finds.
@Suite struct ByteScanTests {
    /// Which way a case searches.
    enum Direction: Sendable { case first, last }

    /// The byte, the range, and where it is found in `[1, 0x3C, 2, …, 9, 0x3C, 11, 0x22, …, 17]`;
    /// a range outside the buffer finds nothing rather than reading past it.
    @Test(arguments: [
        (Direction.first, UInt8(0x3C), 0..<18, 1), (.first, 0x3C, 2..<18, 10), (.first, 0x3C, 2..<10, nil),
        (.last, 0x3C, 0..<18, 10), (.last, 0x3C, 0..<10, 1), (.last, 0x3C, 2..<10, nil),
        (.first, 0x22, 0..<18, 12), (.first, 0x3C, 0..<19, nil), (.last, 0x3C, -1..<5, nil),
    ] as [(Direction, UInt8, Range<Int>, Int?)])
    func findsTheFirstAndLastOccurrence(_ direction: Direction, _ byte: UInt8, _ range: Range<Int>, _ found: Int?) {
        let bytes: [UInt8] = [1, 0x3C, 2, 3, 4, 5, 6, 7, 8, 9, 0x3C, 11, 0x22, 13, 14, 15, 16, 17]
        bytes.withUnsafeBytes { b in
            switch direction {
            case .first: #expect(ByteScan.firstIndex(of: byte, in: b, range) == found)
            case .last: #expect(ByteScan.lastIndex(of: byte, in: b, range) == found)
            }
        }
    }

    /// `all` finds the one byte that differs wherever it lies, in the 32-byte steps or the tail.
    @Test(arguments: [nil, 0, 7, 31, 32, 63, 64, 95, 96, 99] as [Int?])
    func allBytesEqualFindsTheOneThatDiffers(_ odd: Int?) {
        for fill in [UInt8(0), 0xFF] {
            var bytes = [UInt8](repeating: fill, count: 100)
            if let odd { bytes[odd] = fill ^ 0x01 }
            bytes.withUnsafeBytes { b in
                #expect(ByteScan.all(fill, in: b, 0..<100) == (odd == nil))
                #expect(ByteScan.all(fill, in: b, (odd.map { $0 + 1 } ?? 0)..<100))
                #expect(ByteScan.all(fill, in: b, 5..<5) && !ByteScan.all(fill, in: b, 0..<101) && !ByteScan.all(fill, in: b, -1..<5))
            }
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
