/// The MD5 message digest, used to check that an ExtendedXMP GUID names its packet.
///
/// RFC 1321 §3. Not for security: XMP uses it as a content identifier (Adobe XMP Part 3 §1.1.3.1).
/// The 64 steps of §3.4 are written out with their constants (T[i] = floor(2^32 · |sin(i + 1)|)
/// and the shift amounts), and whole blocks are read in place from the message, so a GDepth
/// packet of half a megabyte is hashed without being copied.
package enum MD5 {
    /// The 16-byte digest of `message`.
    package static func digest<C: Collection>(_ message: C) -> [UInt8] where C.Element == UInt8 {
        if let d = message.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) { return d }
        return Array(message).withUnsafeBytes { digest($0) }
    }

    /// The digest of contiguous bytes: every whole 64-byte block where it lies, then the
    /// padded tail (RFC 1321 §3.1–3.2: 0x80, zeros to 56 mod 64, the bit length little-endian).
    static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var state = State()
        let whole = bytes.count - bytes.count % 64
        var block = 0
        while block < whole {
            state.process(bytes, at: block)
            block += 64
        }
        var tail = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[whole...]))
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bits = UInt64(truncatingIfNeeded: bytes.count) &* 8
        for i in 0..<8 { tail.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))) }
        tail.withUnsafeBytes { t in
            var at = 0
            // safe: the tail is 64 or 128 bytes, a whole number of blocks.
            while at < t.count {
                state.process(t, at: at)
                at += 64
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        for v in [state.a, state.b, state.c, state.d] {
            for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) }
        }
        return out
    }

    /// The digest as 32 uppercase hex digits, the form ExtendedXMP GUIDs use.
    package static func hexDigest<C: Collection>(_ message: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789ABCDEF".utf8)
        var s: [UInt8] = []
        for b in digest(message) {
            s.append(digits[Int(b >> 4)])
            s.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: s, as: UTF8.self)
    }

    /// The four chaining words (RFC 1321 §3.3) and the block step (§3.4).
    struct State {
        var a: UInt32 = 0x67452301, b: UInt32 = 0xefcdab89, c: UInt32 = 0x98badcfe, d: UInt32 = 0x10325476

        @inline(__always) static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 &- n) }
        @inline(__always) static func f(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ s: UInt32) -> UInt32 {
            b &+ rotl(a &+ ((b & c) | (~b & d)) &+ x &+ t, s)
        }
        @inline(__always) static func g(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ s: UInt32) -> UInt32 {
            b &+ rotl(a &+ ((b & d) | (c & ~d)) &+ x &+ t, s)
        }
        @inline(__always) static func h(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ s: UInt32) -> UInt32 {
            b &+ rotl(a &+ (b ^ c ^ d) &+ x &+ t, s)
        }
        @inline(__always) static func i(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ s: UInt32) -> UInt32 {
            b &+ rotl(a &+ (c ^ (b | ~d)) &+ x &+ t, s)
        }

        /// One 64-byte block at `at` (which the caller keeps inside `p`).
        mutating func process(_ p: UnsafeRawBufferPointer, at: Int) {
            func word(_ n: Int) -> UInt32 { UInt32(littleEndian: p.loadUnaligned(fromByteOffset: at + 4 * n, as: UInt32.self)) }
            let x0 = word(0), x1 = word(1), x2 = word(2), x3 = word(3), x4 = word(4), x5 = word(5), x6 = word(6), x7 = word(7)
            let x8 = word(8), x9 = word(9), x10 = word(10), x11 = word(11), x12 = word(12), x13 = word(13), x14 = word(14), x15 = word(15)
            var a = self.a, b = self.b, c = self.c, d = self.d
            let f = State.f, g = State.g, h = State.h, i = State.i
            a = f(a, b, c, d, x0, 0xd76aa478, 7)
            d = f(d, a, b, c, x1, 0xe8c7b756, 12)
            c = f(c, d, a, b, x2, 0x242070db, 17)
            b = f(b, c, d, a, x3, 0xc1bdceee, 22)
            a = f(a, b, c, d, x4, 0xf57c0faf, 7)
            d = f(d, a, b, c, x5, 0x4787c62a, 12)
            c = f(c, d, a, b, x6, 0xa8304613, 17)
            b = f(b, c, d, a, x7, 0xfd469501, 22)
            a = f(a, b, c, d, x8, 0x698098d8, 7)
            d = f(d, a, b, c, x9, 0x8b44f7af, 12)
            c = f(c, d, a, b, x10, 0xffff5bb1, 17)
            b = f(b, c, d, a, x11, 0x895cd7be, 22)
            a = f(a, b, c, d, x12, 0x6b901122, 7)
            d = f(d, a, b, c, x13, 0xfd987193, 12)
            c = f(c, d, a, b, x14, 0xa679438e, 17)
            b = f(b, c, d, a, x15, 0x49b40821, 22)
            a = g(a, b, c, d, x1, 0xf61e2562, 5)
            d = g(d, a, b, c, x6, 0xc040b340, 9)
            c = g(c, d, a, b, x11, 0x265e5a51, 14)
            b = g(b, c, d, a, x0, 0xe9b6c7aa, 20)
            a = g(a, b, c, d, x5, 0xd62f105d, 5)
            d = g(d, a, b, c, x10, 0x02441453, 9)
            c = g(c, d, a, b, x15, 0xd8a1e681, 14)
            b = g(b, c, d, a, x4, 0xe7d3fbc8, 20)
            a = g(a, b, c, d, x9, 0x21e1cde6, 5)
            d = g(d, a, b, c, x14, 0xc33707d6, 9)
            c = g(c, d, a, b, x3, 0xf4d50d87, 14)
            b = g(b, c, d, a, x8, 0x455a14ed, 20)
            a = g(a, b, c, d, x13, 0xa9e3e905, 5)
            d = g(d, a, b, c, x2, 0xfcefa3f8, 9)
            c = g(c, d, a, b, x7, 0x676f02d9, 14)
            b = g(b, c, d, a, x12, 0x8d2a4c8a, 20)
            a = h(a, b, c, d, x5, 0xfffa3942, 4)
            d = h(d, a, b, c, x8, 0x8771f681, 11)
            c = h(c, d, a, b, x11, 0x6d9d6122, 16)
            b = h(b, c, d, a, x14, 0xfde5380c, 23)
            a = h(a, b, c, d, x1, 0xa4beea44, 4)
            d = h(d, a, b, c, x4, 0x4bdecfa9, 11)
            c = h(c, d, a, b, x7, 0xf6bb4b60, 16)
            b = h(b, c, d, a, x10, 0xbebfbc70, 23)
            a = h(a, b, c, d, x13, 0x289b7ec6, 4)
            d = h(d, a, b, c, x0, 0xeaa127fa, 11)
            c = h(c, d, a, b, x3, 0xd4ef3085, 16)
            b = h(b, c, d, a, x6, 0x04881d05, 23)
            a = h(a, b, c, d, x9, 0xd9d4d039, 4)
            d = h(d, a, b, c, x12, 0xe6db99e5, 11)
            c = h(c, d, a, b, x15, 0x1fa27cf8, 16)
            b = h(b, c, d, a, x2, 0xc4ac5665, 23)
            a = i(a, b, c, d, x0, 0xf4292244, 6)
            d = i(d, a, b, c, x7, 0x432aff97, 10)
            c = i(c, d, a, b, x14, 0xab9423a7, 15)
            b = i(b, c, d, a, x5, 0xfc93a039, 21)
            a = i(a, b, c, d, x12, 0x655b59c3, 6)
            d = i(d, a, b, c, x3, 0x8f0ccc92, 10)
            c = i(c, d, a, b, x10, 0xffeff47d, 15)
            b = i(b, c, d, a, x1, 0x85845dd1, 21)
            a = i(a, b, c, d, x8, 0x6fa87e4f, 6)
            d = i(d, a, b, c, x15, 0xfe2ce6e0, 10)
            c = i(c, d, a, b, x6, 0xa3014314, 15)
            b = i(b, c, d, a, x13, 0x4e0811a1, 21)
            a = i(a, b, c, d, x4, 0xf7537e82, 6)
            d = i(d, a, b, c, x11, 0xbd3af235, 10)
            c = i(c, d, a, b, x2, 0x2ad7d2bb, 15)
            b = i(b, c, d, a, x9, 0xeb86d391, 21)
            self.a = self.a &+ a
            self.b = self.b &+ b
            self.c = self.c &+ c
            self.d = self.d &+ d
        }
    }
}
