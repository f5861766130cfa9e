extension HEIF {
    /// A bounds-checked MSB-first bit reader over an RBSP (a NAL payload with its emulation
    /// prevention bytes removed), with the Exp-Golomb codes of ITU-T H.265 §9.2.
    package struct BitReader: Sendable {
        package let bytes: [UInt8]
        package private(set) var bitPosition = 0
        /// Absolute file offset of the NAL unit, used for errors (bit positions in an RBSP do
        /// not map one-to-one to file bytes once emulation prevention bytes are gone).
        package let offset: Int
        package let path: String

        package init(_ bytes: [UInt8], offset: Int, path: String) {
            self.bytes = bytes
            self.offset = offset
            self.path = path
        }

        // safe: an in-memory array holds far fewer than Int.max / 8 bytes.
        package var bitsLeft: Int { bytes.count * 8 - bitPosition }

        /// `n` bits (0...32) as an unsigned value: H.265 u(n).
        package mutating func bits(_ n: Int) throws(ParseError) -> UInt32 {
            guard n >= 0, n <= 32, n <= bitsLeft else {
                throw ParseError(.truncated, at: offset, path: path,
                                 "need \(n) bits at bit \(bitPosition), \(bitsLeft) left")
            }
            var v: UInt32 = 0
            for _ in 0..<n {
                let byte = bytes[bitPosition >> 3]
                let bit = (byte >> (7 - UInt8(bitPosition & 7))) & 1
                v = v << 1 | UInt32(bit)
                bitPosition += 1
            }
            return v
        }

        package mutating func flag() throws(ParseError) -> Bool { try bits(1) == 1 }

        package mutating func skip(_ n: Int) throws(ParseError) {
            guard n >= 0, n <= bitsLeft else {
                throw ParseError(.truncated, at: offset, path: path, "cannot skip \(n) bits, \(bitsLeft) left")
            }
            bitPosition += n
        }

        /// Unsigned Exp-Golomb ue(v), H.265 §9.2. More than 31 leading zeros cannot encode a
        /// value that fits the syntax elements read here, so it is an error, not a loop.
        package mutating func ue() throws(ParseError) -> UInt32 {
            var zeros = 0
            while try bits(1) == 0 {
                zeros += 1
                if zeros > 31 {
                    throw ParseError(.spsInvalid, at: offset, path: path, "Exp-Golomb code longer than 32 bits")
                }
            }
            if zeros == 0 { return 0 }
            let rest = UInt64(try bits(zeros))
            let v = (UInt64(1) << UInt64(zeros)) - 1 + rest
            guard let r = UInt32(exactly: v) else {
                throw ParseError(.spsInvalid, at: offset, path: path, "Exp-Golomb value \(v) exceeds 32 bits")
            }
            return r
        }

        /// The RBSP of a NAL unit: every `00 00 03` loses its `03` (H.265 §7.3.1.1,
        /// emulation_prevention_three_byte).
        package static func rbsp<C: Collection>(_ nal: C) -> [UInt8] where C.Element == UInt8 {
            var out: [UInt8] = []
            out.reserveCapacity(nal.count)
            var zeros = 0
            for b in nal {
                if zeros >= 2 && b == 3 {
                    zeros = 0
                    continue
                }
                out.append(b)
                zeros = b == 0 ? zeros + 1 : 0
            }
            return out
        }
    }
}
