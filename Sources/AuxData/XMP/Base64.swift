import Container

/// A strict base64 decoder for XMP binary properties (`GDepth:Data`, `GImage:Data`).
///
/// RFC 4648 §4 alphabet with `=` padding required (§3.2). XML whitespace (space, tab, CR,
/// LF) is skipped because XMP writers wrap long values; any other character outside the
/// alphabet, padding anywhere but the end, or a length that is not a whole number of
/// quanta is an error, never silently dropped (RFC 4648 §3.3).
public enum Base64 {
    /// Decoded size of a text, without decoding; nil when it cannot be valid.
    public static func decodedCount(ofEncoded count: Int) -> Int? {
        guard let q = count / 4 *? 3 else { return nil }
        return q
    }

    public static func decode(_ text: String, at offset: Int, path: String,
                              limits: ParseLimits = .default) throws(ParseError) -> [UInt8] {
        let utf8 = text.utf8
        // The decoded size is at most 3/4 of the text; check it before allocating.
        let bound = (decodedCount(ofEncoded: utf8.count) ?? Int.max)
        try limits.check(bound, limits.maxAllocation, "base64 decoded size", at: offset, path: path)
        var out: [UInt8] = []
        out.reserveCapacity(bound)
        var text = text
        // One pass over contiguous UTF-8 with a lookup table: GDepth payloads are hundreds of
        // kilobytes, so the per-character cost matters.
        let result: Result<Void, ParseError> = text.withUTF8 { buf in
            var quantum: UInt32 = 0
            var filled = 0
            var padding = 0
            for index in buf.indices {
                let c = buf[index]
                let v = table[Int(c)]
                if v == skip { continue }
                if v == pad {
                    // '=' may only fill the last one or two places of the final quantum.
                    guard filled >= 2 else { return .failure(invalid("padding at character \(index)", offset, path)) }
                    padding += 1
                    filled += 1
                    quantum <<= 6
                } else if v == bad {
                    return .failure(invalid("character 0x\(String(c, radix: 16)) at character \(index)", offset, path))
                } else {
                    if padding > 0 { return .failure(invalid("data after padding at character \(index)", offset, path)) }
                    quantum = (quantum << 6) | UInt32(v)
                    filled += 1
                }
                if filled == 4 {
                    if padding > 2 { return .failure(invalid("too much padding at character \(index)", offset, path)) }
                    out.append(UInt8(truncatingIfNeeded: quantum >> 16))
                    if padding < 2 { out.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
                    if padding < 1 { out.append(UInt8(truncatingIfNeeded: quantum)) }
                    filled = 0
                    quantum = 0
                }
            }
            if filled != 0 { return .failure(invalid("length is not a multiple of 4 characters", offset, path)) }
            return .success(())
        }
        if case .failure(let e) = result { throw e }
        return out
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
