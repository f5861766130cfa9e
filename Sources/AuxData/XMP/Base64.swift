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
        var quantum: UInt32 = 0
        var filled = 0
        var padding = 0
        var index = 0
        for c in utf8 {
            defer { index += 1 }
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { continue }
            let v: UInt32
            switch c {
            case 0x41...0x5A: v = UInt32(c - 0x41)
            case 0x61...0x7A: v = UInt32(c - 0x61) + 26
            case 0x30...0x39: v = UInt32(c - 0x30) + 52
            case 0x2B: v = 62
            case 0x2F: v = 63
            case 0x3D:
                // '=' may only fill the last one or two places of the final quantum.
                guard filled >= 2 else { throw invalid("padding at character \(index)", offset, path) }
                padding += 1
                filled += 1
                quantum <<= 6
                if filled == 4 { try flush(&out, quantum, padding, index, offset, path); filled = 0; quantum = 0 }
                continue
            default:
                throw invalid("character 0x\(String(c, radix: 16)) at character \(index)", offset, path)
            }
            if padding > 0 { throw invalid("data after padding at character \(index)", offset, path) }
            quantum = (quantum << 6) | v
            filled += 1
            if filled == 4 { try flush(&out, quantum, 0, index, offset, path); filled = 0; quantum = 0 }
        }
        if filled != 0 { throw invalid("length is not a multiple of 4 characters", offset, path) }
        return out
    }

    private static func flush(_ out: inout [UInt8], _ q: UInt32, _ padding: Int, _ index: Int,
                              _ offset: Int, _ path: String) throws(ParseError) {
        if padding > 2 { throw invalid("too much padding at character \(index)", offset, path) }
        out.append(UInt8(truncatingIfNeeded: q >> 16))
        if padding < 2 { out.append(UInt8(truncatingIfNeeded: q >> 8)) }
        if padding < 1 { out.append(UInt8(truncatingIfNeeded: q)) }
    }

    private static func invalid(_ what: String, _ offset: Int, _ path: String) -> ParseError {
        ParseError(.base64Invalid, at: offset, path: path, "invalid base64: " + what)
    }
}
