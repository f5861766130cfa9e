/// The one MSB-first bit reader: the u(n) and ue(v) descriptors of ITU-T H.265 §7.2 and §9.2
/// over an RBSP (a NAL unit's payload with its emulation prevention bytes removed, `rbsp`), and
/// the bit fields of a `mini` box header (ISO/IEC 23008-12 Annex O). The mirror of `BitWriter`.
///
/// Every read is bounds-checked and throws a `ParseError` at the byte that holds the next bit:
/// each RBSP byte can carry the absolute file offset it came from (`origins`), so an error
/// points at a real byte even after `00 00 03` sequences were collapsed; without them, errors
/// name the structure's own offset. The codes beyond `truncated` are the caller's, as they
/// name the syntax being read (`Codes`).
package struct BitReader: Sendable {
    /// The codes of the errors that depend on the syntax read: a field wider than 32 bits
    /// asked for, and an Exp-Golomb code with more than 31 leading zeros, which cannot encode
    /// a 32-bit value.
    package struct Codes: Sendable {
        package var fieldTooWide: ParseError.Code
        package var expGolombTooLong: ParseError.Code

        package init(fieldTooWide: ParseError.Code, expGolombTooLong: ParseError.Code) {
            self.fieldTooWide = fieldTooWide
            self.expGolombTooLong = expGolombTooLong
        }
    }

    package let bytes: [UInt8]
    /// The absolute offset of each byte, or empty: then every error names `fixedOffset`.
    private let origins: [Int]
    /// The offset errors name past the last byte (with origins), or always (without).
    private let fixedOffset: Int
    package let path: String
    private let codes: Codes
    package private(set) var bitPosition = 0

    /// A reader of `bytes` whose errors name `offset`, the structure's own.
    package init(_ bytes: [UInt8], offset: Int, path: String, codes: Codes) {
        self.bytes = bytes
        self.origins = []
        self.fixedOffset = offset
        self.path = path
        self.codes = codes
    }

    /// A reader of `bytes` whose errors name the file offset each byte came from
    /// (`origins[i]` for `bytes[i]`), and `endOffset` past the last.
    package init(_ bytes: [UInt8], origins: [Int], endOffset: Int, path: String, codes: Codes) {
        self.bytes = bytes
        self.origins = origins.count == bytes.count ? origins : []
        self.fixedOffset = endOffset
        self.path = path
        self.codes = codes
    }

    // safe: an in-memory array holds far fewer than Int.max / 8 bytes.
    package var bitsLeft: Int { bytes.count * 8 - bitPosition }

    /// The absolute offset of the byte holding the next bit (or the structure's own).
    package var offset: Int {
        let i = bitPosition / 8
        return i < origins.count ? origins[i] : fixedOffset
    }

    /// u(n): `n` bits (0...32), most significant first, as an unsigned value.
    package mutating func bits(_ n: Int, _ what: @autoclosure () -> String = "a field") throws(ParseError) -> UInt32 {
        guard n >= 0, n <= 32 else {
            throw ParseError(codes.fieldTooWide, at: offset, path: path, "\(what()): a \(n)-bit field")
        }
        guard n <= bitsLeft else {
            throw ParseError(.truncated, at: offset, path: path, "\(what()) needs \(n) bits at bit \(bitPosition), \(bitsLeft) left")
        }
        var v: UInt32 = 0
        for _ in 0..<n {
            let byte = bytes[bitPosition >> 3]   // safe: bitPosition < bytes.count * 8, checked above
            let bit = (byte >> (7 - UInt8(bitPosition & 7))) & 1
            v = v << 1 | UInt32(bit)
            bitPosition += 1
        }
        return v
    }

    /// u(1) as a flag.
    package mutating func flag(_ what: @autoclosure () -> String = "a flag") throws(ParseError) -> Bool {
        try bits(1, what()) == 1
    }

    /// Skips `n` bits.
    package mutating func skip(_ n: Int) throws(ParseError) {
        guard n >= 0, n <= bitsLeft else {
            throw ParseError(.truncated, at: offset, path: path, "cannot skip \(n) bits at bit \(bitPosition), \(bitsLeft) left")
        }
        bitPosition += n
    }

    /// ue(v), H.265 §9.2: leadingZeroBits zeros, a 1, then leadingZeroBits bits. More than 31
    /// leading zeros cannot encode a 32-bit value and is refused at the code's first byte.
    package mutating func ue(_ what: @autoclosure () -> String = "an Exp-Golomb code") throws(ParseError) -> UInt32 {
        let start = offset
        var zeros = 0
        while try bits(1, what()) == 0 {
            zeros += 1
            if zeros > 31 {
                throw ParseError(codes.expGolombTooLong, at: start, path: path,
                                 "\(what()): an Exp-Golomb code with more than 31 leading zeros")
            }
        }
        let suffix = try bits(zeros, what())
        // (2^zeros − 1) + suffix ≤ 2^32 − 2 for zeros ≤ 31.
        return UInt32((UInt64(1) << UInt64(zeros)) - 1 + UInt64(suffix))
    }

    /// The RBSP of a NAL unit: every `00 00 03` loses its `03` (H.265 §7.3.1.1,
    /// emulation_prevention_three_byte). The inverse of `BitWriter.escaped`.
    package static func rbsp<C: Collection>(_ nal: C) -> [UInt8] where C.Element == UInt8 {
        rbsp(nal, at: 0).bytes
    }

    /// The RBSP of a NAL unit that starts at file offset `start`, with the offset each kept
    /// byte had.
    package static func rbsp<C: Collection>(_ nal: C, at start: Int) -> (bytes: [UInt8], origins: [Int]) where C.Element == UInt8 {
        var out: [UInt8] = []
        var origins: [Int] = []
        out.reserveCapacity(nal.count)
        origins.reserveCapacity(nal.count)
        var zeros = 0
        for (i, b) in nal.enumerated() {
            if zeros >= 2 && b == 3 {
                zeros = 0
                continue
            }
            out.append(b)
            origins.append(start + i)   // safe: start + i lies inside the file the NAL unit came from
            zeros = b == 0 ? zeros + 1 : 0
        }
        return (out, origins)
    }
}
