extension HEIF {
    /// An MSB-first bit writer for HEVC parameter sets, the mirror of `BitReader`: u(n), the
    /// Exp-Golomb ue(v) of ITU-T H.265 §9.2, rbsp_trailing_bits (§7.3.2.11), and the emulation
    /// prevention that turns an RBSP back into a NAL unit payload (§7.4.2).
    public struct BitWriter: Sendable {
        /// The RBSP written so far; a last partial byte is padded with zero bits.
        public private(set) var bytes: [UInt8] = []
        public private(set) var bitCount = 0

        public init() {}

        /// The low `n` bits (0...64) of `v`, most significant first: H.265 u(n).
        public mutating func bits(_ v: UInt64, _ n: Int) {
            guard n > 0 else { return }
            for i in stride(from: min(n, 64) - 1, through: 0, by: -1) {
                bit((v >> UInt64(i)) & 1 == 1)
            }
        }

        public mutating func bit(_ set: Bool) {
            if bitCount & 7 == 0 { bytes.append(0) }
            if set { bytes[bytes.count - 1] |= UInt8(0x80) >> UInt8(bitCount & 7) }
            bitCount += 1
        }

        /// ue(v), H.265 §9.2: leadingZeroBits zeros, then v + 1 in leadingZeroBits + 1 bits.
        public mutating func ue(_ v: UInt32) {
            let x = UInt64(v) + 1
            let length = 64 - x.leadingZeroBitCount
            bits(0, length - 1)
            bits(x, length)
        }

        /// rbsp_trailing_bits, H.265 §7.3.2.11: rbsp_stop_one_bit, then zeros to a byte boundary.
        public mutating func trailingBits() {
            bit(true)
            while bitCount & 7 != 0 { bit(false) }
        }

        /// The NAL unit payload of an RBSP: an emulation_prevention_three_byte goes before any
        /// byte 0x00...0x03 that follows two zero bytes (H.265 §7.4.2), so no start code prefix
        /// appears inside the unit. The inverse of `BitReader.rbsp`.
        public static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(rbsp.count + rbsp.count / 64 + 1)
            var zeros = 0
            for b in rbsp {
                if zeros >= 2 && b <= 3 {
                    out.append(3)
                    zeros = 0
                }
                out.append(b)
                zeros = b == 0 ? zeros + 1 : 0
            }
            return out
        }
    }
}
