/// MSB-first bit writer for u(n) and ue(v) (ITU-T H.265 §7.2, §9.2), the inverse of
/// `SEIBitReader`, used to write depth representation SEI for fixtures and round trips.
public struct SEIBitWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    public private(set) var bitCount = 0

    public init() {}

    public var isByteAligned: Bool { bitCount % 8 == 0 }

    public mutating func flag(_ b: Bool) {
        if bitCount % 8 == 0 { bytes.append(0) }
        if b, let last = bytes.indices.last { bytes[last] |= UInt8(0x80 >> (bitCount % 8)) }
        bitCount += 1
    }

    /// u(n): the low `n` bits of `value`, n ≤ 32.
    public mutating func bits(_ value: UInt32, _ n: Int) {
        guard n > 0 else { return }
        for i in stride(from: min(n, 32) - 1, through: 0, by: -1) { flag((value >> UInt32(i)) & 1 == 1) }
    }

    /// ue(v): leadingZeroBits zeros, then value + 1 in leadingZeroBits + 1 bits.
    public mutating func ue(_ value: UInt32) {
        let x = UInt64(value) + 1
        let length = 64 - x.leadingZeroBitCount
        for _ in 0..<(length - 1) { flag(false) }
        for i in stride(from: length - 1, through: 0, by: -1) { flag((x >> UInt64(i)) & 1 == 1) }
    }
}
