/// The MD5 message digest, used to check that an ExtendedXMP GUID names its packet.
///
/// RFC 1321 §3. Not for security: XMP uses it as a content identifier (Adobe XMP Part 3 §1.1.3.1).
public enum MD5 {
    /// Per-round shift amounts (RFC 1321 §3.4).
    static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                   5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                   4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                   6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    /// T[i] = floor(2^32 · |sin(i + 1)|) (RFC 1321 §3.4), written out to avoid floating point.
    static let table: [UInt32] = [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
    ]

    /// The 16-byte digest of `message`.
    public static func digest<C: Collection>(_ message: C) -> [UInt8] where C.Element == UInt8 {
        // RFC 1321 §3.1-3.2: append 0x80, zeros to 56 mod 64, then the bit length (little-endian).
        var data = Array(message)
        let bits = UInt64(data.count) &* 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for i in 0..<8 { data.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))) }

        var state: (UInt32, UInt32, UInt32, UInt32) = (0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476)
        table.withUnsafeBufferPointer { t in
            shifts.withUnsafeBufferPointer { s in
                data.withUnsafeBytes { raw in
                    var x = [UInt32](repeating: 0, count: 16)
                    var block = 0
                    // safe: data.count is a multiple of 64, so every 4-byte load below is inside it.
                    while block < raw.count {
                        for i in 0..<16 {
                            x[i] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: block + 4 * i, as: UInt32.self))
                        }
                        var (a, b, c, d) = state
                        for i in 0..<64 {
                            var f: UInt32
                            let g: Int
                            switch i >> 4 {
                            case 0: f = (b & c) | (~b & d); g = i
                            case 1: f = (d & b) | (~d & c); g = (5 &* i &+ 1) & 15
                            case 2: f = b ^ c ^ d; g = (3 &* i &+ 5) & 15
                            default: f = c ^ (b | ~d); g = (7 &* i) & 15
                            }
                            f = f &+ a &+ t[i] &+ x[g]
                            a = d; d = c; c = b
                            let r = s[i]
                            b = b &+ (f << r | f >> (32 &- r))
                        }
                        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
                        block += 64
                    }
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        for v in [state.0, state.1, state.2, state.3] {
            for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) }
        }
        return out
    }

    /// The digest as 32 uppercase hex digits, the form ExtendedXMP GUIDs use.
    public static func hexDigest<C: Collection>(_ message: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789ABCDEF".utf8)
        var s: [UInt8] = []
        for b in digest(message) {
            s.append(digits[Int(b >> 4)])
            s.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: s, as: UTF8.self)
    }
}
