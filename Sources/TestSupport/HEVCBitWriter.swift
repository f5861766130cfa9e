/// Writes the bits of an HEVC parameter set (ITU-T H.265 §7.2, §9.2), for fixtures only.
public struct HEVCBitWriter: Sendable {
    public private(set) var rbsp: [UInt8] = []
    private var bitCount = 0
    public init() {}

    public mutating func bits(_ v: UInt64, _ n: Int) {
        for i in stride(from: n - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { rbsp.append(0) }
            if (v >> UInt64(i)) & 1 == 1 { rbsp[rbsp.count - 1] |= UInt8(0x80 >> (bitCount % 8)) }
            bitCount += 1
        }
    }

    /// ue(v), H.265 §9.2.
    public mutating func ue(_ v: UInt32) {
        let x = UInt64(v) + 1
        let len = 64 - x.leadingZeroBitCount
        bits(0, len - 1)
        bits(x, len)
    }

    /// rbsp_trailing_bits: a 1 then zeros to the byte boundary (H.265 §7.3.2.11).
    public mutating func trailing() {
        bits(1, 1)
        while bitCount % 8 != 0 { bits(0, 1) }
    }

    /// The NAL payload with emulation prevention bytes inserted (H.265 §7.4.2).
    public static func escape(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
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
