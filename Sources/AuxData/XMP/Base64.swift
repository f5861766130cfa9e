import Container

/// A strict base64 decoder for XMP binary properties (`GDepth:Data`, `GImage:Data`).
///
/// RFC 4648 §4 alphabet with `=` padding required (§3.2). XML whitespace (space, tab, CR,
/// LF) is skipped because XMP writers wrap long values; any other character outside the
/// alphabet, padding anywhere but the end, or a length that is not a whole number of
/// quanta is an error, never silently dropped (RFC 4648 §3.3).
package enum Base64 {
    /// Decoded size of a text, without decoding; nil when it cannot be valid.
    package static func decodedCount(ofEncoded count: Int) -> Int? {
        guard let q = count / 4 *? 3 else { return nil }
        return q
    }

    package static func decode(_ text: String, at offset: Int, path: String,
                              limits: ParseLimits = .default) throws(ParseError) -> [UInt8] {
        let utf8 = text.utf8
        // The decoded size is at most 3/4 of the text; check it before allocating.
        let bound = (decodedCount(ofEncoded: utf8.count) ?? Int.max)
        try limits.check(bound, limits.maxAllocation, "base64 decoded size", at: offset, path: path)
        // One pass over contiguous UTF-8 into a buffer sized up front: GDepth payloads are
        // hundreds of kilobytes, so the per-character cost matters. Four alphabet characters
        // in a row (nearly every quantum) take the short path; anything else goes through
        // the general one, which knows whitespace and padding.
        var failure: ParseError?
        var text = text
        let out = text.withUTF8 { buf -> [UInt8] in
            [UInt8](unsafeUninitializedCapacity: bound) { outBuffer, written in
                var o = 0
                var quantum: UInt32 = 0
                var filled = 0
                var padding = 0
                var index = 0
                let n = buf.count
                table.withUnsafeBufferPointer { t in
                    while index < n {
                        if filled == 0, padding == 0, n - index >= 4, o + 3 <= bound {
                            let a = t[Int(buf[index])], b = t[Int(buf[index + 1])]
                            let c = t[Int(buf[index + 2])], d = t[Int(buf[index + 3])]
                            if (a | b | c | d) < 64 {
                                let q = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                                outBuffer[o] = UInt8(truncatingIfNeeded: q >> 16)
                                outBuffer[o + 1] = UInt8(truncatingIfNeeded: q >> 8)
                                outBuffer[o + 2] = UInt8(truncatingIfNeeded: q)
                                o += 3
                                index += 4
                                continue
                            }
                        }
                        let ch = buf[index]
                        let v = t[Int(ch)]
                        index += 1
                        if v == skip { continue }
                        if v == pad {
                            // '=' may only fill the last one or two places of the final quantum.
                            guard filled >= 2 else { failure = invalid("padding at character \(index - 1)", offset, path); return }
                            padding += 1
                            filled += 1
                            quantum <<= 6
                        } else if v == bad {
                            failure = invalid("character 0x\(String(ch, radix: 16)) at character \(index - 1)", offset, path)
                            return
                        } else {
                            if padding > 0 { failure = invalid("data after padding at character \(index - 1)", offset, path); return }
                            quantum = (quantum << 6) | UInt32(v)
                            filled += 1
                        }
                        if filled == 4 {
                            if padding > 2 { failure = invalid("too much padding at character \(index - 1)", offset, path); return }
                            let count = 3 - padding
                            // Never past the bound: whitespace only makes the text longer.
                            guard o + count <= bound else { failure = invalid("length is not a multiple of 4 characters", offset, path); return }
                            outBuffer[o] = UInt8(truncatingIfNeeded: quantum >> 16)
                            if padding < 2 { outBuffer[o + 1] = UInt8(truncatingIfNeeded: quantum >> 8) }
                            if padding < 1 { outBuffer[o + 2] = UInt8(truncatingIfNeeded: quantum) }
                            o += count
                            filled = 0
                            quantum = 0
                        }
                    }
                    if filled != 0 { failure = invalid("length is not a multiple of 4 characters", offset, path) }
                }
                written = o
            }
        }
        if let failure { throw failure }
        return out
    }

    /// RFC 4648 §4 encoding with padding, for binary data placed in text (report images).
    package static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let count = (bytes.count + 2) / 3 * 4
        let encoded = [UInt8](unsafeUninitializedCapacity: count) { out, written in
            var o = 0
            var i = 0
            while i < bytes.count {
                let n = min(3, bytes.count - i)
                let b0 = UInt32(bytes[i])
                let b1 = n > 1 ? UInt32(bytes[i + 1]) : 0
                let b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
                let q = b0 << 16 | b1 << 8 | b2
                out[o] = alphabet[Int(q >> 18 & 63)]
                out[o + 1] = alphabet[Int(q >> 12 & 63)]
                out[o + 2] = n > 1 ? alphabet[Int(q >> 6 & 63)] : 0x3D
                out[o + 3] = n > 2 ? alphabet[Int(q & 63)] : 0x3D
                o += 4
                i += 3
            }
            written = o
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let skip: UInt8 = 0xFE, pad: UInt8 = 0xFD, bad: UInt8 = 0xFF

    /// RFC 4648 Table 1 values; XML whitespace is skipped, '=' is padding, the rest invalid.
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            t[Int(c)] = UInt8(i)
        }
        for c in [0x20, 0x09, 0x0A, 0x0D] { t[c] = 0xFE }
        t[0x3D] = 0xFD
        return t
    }()

    private static func invalid(_ what: String, _ offset: Int, _ path: String) -> ParseError {
        ParseError(.base64Invalid, at: offset, path: path, "invalid base64: " + what)
    }
}
