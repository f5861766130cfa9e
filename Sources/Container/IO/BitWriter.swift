/// The one MSB-first bit writer: the u(n) and ue(v) descriptors of ITU-T H.265 §7.2 and §9.2,
/// rbsp_trailing_bits (§7.3.2.11), and the emulation prevention that turns an RBSP into a NAL
/// unit payload (§7.4.2). The mirror of `BitReader`, which reads parameter sets and
/// SEI messages; writers of HEVC parameter sets, depth representation SEI and `mini` headers
/// use it, and so do the tests.
package struct BitWriter: Sendable {
    /// The bits written so far; a last partial byte is padded with zero bits.
    package private(set) var bytes: [UInt8] = []
    /// The number of bits written.
    package private(set) var bitCount = 0

    /// An empty writer.
    package init() {}

    /// Whether the next bit starts a byte.
    package var isByteAligned: Bool { bitCount & 7 == 0 }

    /// One bit: u(1).
    package mutating func flag(_ set: Bool) {
        if bitCount & 7 == 0 { bytes.append(0) }
        if set { bytes[bytes.count - 1] |= UInt8(0x80) >> UInt8(bitCount & 7) }
        bitCount += 1
    }

    /// The low `n` bits (0...64) of `v`, most significant first: u(n).
    package mutating func bits<T: BinaryInteger>(_ v: T, _ n: Int) {
        guard n > 0 else { return }
        let value = UInt64(truncatingIfNeeded: v)
        for i in stride(from: min(n, 64) - 1, through: 0, by: -1) {
            flag((value >> UInt64(i)) & 1 == 1)
        }
    }

    /// ue(v), H.265 §9.2: leadingZeroBits zeros, then v + 1 in leadingZeroBits + 1 bits.
    package mutating func ue(_ v: UInt32) {
        let x = UInt64(v) + 1
        let length = 64 - x.leadingZeroBitCount
        bits(0, length - 1)
        bits(x, length)
    }

    /// rbsp_trailing_bits, H.265 §7.3.2.11: rbsp_stop_one_bit, then zeros to a byte boundary.
    package mutating func trailingBits() {
        flag(true)
        while !isByteAligned { flag(false) }
    }

    /// The NAL unit payload of an RBSP: an emulation_prevention_three_byte goes before any
    /// byte 0x00...0x03 that follows two zero bytes (H.265 §7.4.2), so no start code prefix
    /// appears inside the unit. The inverse of `BitReader.rbsp`.
    package static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
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
