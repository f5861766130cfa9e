import Container

/// A bounded MSB-first bit reader over an RBSP (emulation prevention already removed),
/// for the u(n) and ue(v) descriptors of ITU-T H.265 §7.2 and §9.2.
///
/// Every RBSP byte keeps the absolute file offset it came from, so an error points at a real
/// byte even after `00 00 03` sequences were collapsed.
struct SEIBitReader {
    private let bytes: [UInt8]
    private let origins: [Int]
    /// Offset reported when the reader runs off its end.
    private let endOffset: Int
    let path: String
    private(set) var bitPosition = 0

    init(bytes: [UInt8], origins: [Int], endOffset: Int, path: String) {
        self.bytes = bytes
        self.origins = origins
        self.endOffset = endOffset
        self.path = path
    }

    var bitsLeft: Int { bytes.count * 8 - bitPosition }

    /// Absolute offset of the byte holding the next bit.
    var offset: Int {
        let i = bitPosition / 8
        return i < origins.count ? origins[i] : endOffset
    }

    /// u(n), n ≤ 32.
    mutating func bits(_ n: Int, _ what: @autoclosure () -> String) throws(ParseError) -> UInt32 {
        guard n >= 0, n <= 32 else {
            throw ParseError(.seiValueOutOfRange, at: offset, path: path, "\(what()): \(n)-bit field")
        }
        guard n <= bitsLeft else {
            throw ParseError(.truncated, at: offset, path: path,
                             "\(what()) needs \(n) bits, \(bitsLeft) left")
        }
        var v: UInt64 = 0
        for _ in 0..<n {
            let byte = bytes[bitPosition >> 3]   // safe: bitPosition < bytes.count * 8, checked above
            let bit = (byte >> UInt8(7 - (bitPosition & 7))) & 1
            v = (v << 1) | UInt64(bit)
            bitPosition += 1
        }
        return UInt32(truncatingIfNeeded: v)
    }

    mutating func flag(_ what: @autoclosure () -> String) throws(ParseError) -> Bool {
        try bits(1, what()) == 1
    }

    /// ue(v), H.265 §9.2: leadingZeroBits zeros, a 1, then leadingZeroBits bits.
    /// More than 31 leading zeros cannot encode a 32-bit value and is refused.
    mutating func ue(_ what: @autoclosure () -> String) throws(ParseError) -> UInt32 {
        let start = offset
        var zeros = 0
        while try bits(1, what()) == 0 {
            zeros += 1
            if zeros > 31 {
                throw ParseError(.seiExpGolombTooLong, at: start, path: path,
                                 "\(what()): exp-Golomb code with more than 31 leading zeros")
            }
        }
        let suffix = try bits(zeros, what())
        // (2^zeros − 1) + suffix ≤ 2^32 − 2 for zeros ≤ 31.
        return UInt32((UInt64(1) << UInt64(zeros)) - 1 + UInt64(suffix))
    }
}
