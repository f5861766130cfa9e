import Validator
import AuxData
import Container
/// File names are bytes (POSIX leaves everything but `/` and NUL to them), but Swift strings
/// hold Unicode. depthcheck keeps every name exactly: the bytes of a name that are not valid
/// UTF-8 become scalars of a reserved range, U+10FF80…U+10FFFF for the bytes 0x80…0xFF, and
/// become those bytes again wherever a name reaches the system. The range sits at the end of
/// Plane 16 (Supplementary Private Use Area-B); a name that truly holds one of these scalars
/// has its UTF-8 bytes carried the same way, so the mapping is exact in both directions.
///
/// Reports show such names faithfully: JSON as `\udcXX` escapes (the lone surrogates that
/// Python's `surrogateescape` error handler and `os.fsencode` turn back into the bytes), SARIF
/// URIs percent-encoded, text with every control character and raw byte escaped (`\n`, `\x1b`,
/// `\xff`), so a name cannot forge a line of output or reach a terminal as a command.
package enum PathText {
    /// The scalar of raw byte `b` (0x80…0xFF) is `rawBase + b`.
    static let rawBase: UInt32 = 0x10FF00

    /// The raw byte a scalar stands for, or nil for an ordinary scalar.
    package static func rawByte(_ u: Unicode.Scalar) -> UInt8? {
        u.value >= rawBase + 0x80 ? UInt8(truncatingIfNeeded: u.value - rawBase) : nil
    }

    /// The name `bytes` as a string that `bytes(of:)` turns back into exactly these bytes.
    package static func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        let b = Array(bytes)
        if b.allSatisfy({ $0 < 0x80 }) { return String(decoding: b, as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let (scalar, length) = utf8Scalar(b, at: i)
            if let s = scalar, rawByte(s) == nil {
                out.append(s)
            } else {
                // Not UTF-8, or UTF-8 of a reserved scalar: each byte is carried raw.
                for k in i..<(i + length) {
                    if let raw = Unicode.Scalar(rawBase + UInt32(b[k])) { out.append(raw) }
                }
            }
            i += length
        }
        return String(out)
    }

    /// The bytes `name` stands for.
    package static func bytes(of name: String) -> [UInt8] {
        // Most names carry no raw byte: their UTF-8 is their bytes. (Every file opened asks,
        // and the scalar-by-scalar path below allocated an array per character.)
        guard name.utf8.contains(0xF4) else { return Array(name.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for u in name.unicodeScalars {
            if let raw = rawByte(u) { out.append(raw) } else { UTF8.encode(u) { out.append($0) } }
        }
        return out
    }

    /// Whether `name` holds raw bytes (and so is not the UTF-8 it looks like).
    package static func hasRawBytes(_ name: String) -> Bool { name.unicodeScalars.contains { rawByte($0) != nil } }

    /// `text` for a line of text output or a terminal: backslash, control characters (C0, DEL,
    /// C1), raw bytes, the bidirectional formatting characters and the byte order mark escaped,
    /// everything else as it is. Unicode Standard Annex #9 §2 lists the formatting characters
    /// (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): a name holding U+202E
    /// would show the rest of a line reversed, so `gpj.exe` could pass for `exe.jpg`.
    package static func display(_ text: String) -> String { display(text, backslash: true) }

    /// `display`, with a backslash escaped (`\\`) only when `backslash` is true.
    static func display(_ text: String, backslash: Bool) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && ($0 != 0x5C || !backslash) }) { return text }
        var out = ""
        for u in text.unicodeScalars {
            if let raw = rawByte(u) {
                out += "\\x" + hex(raw)
                continue
            }
            switch u {
            case "\\": out += backslash ? "\\\\" : "\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || (0x7F...0x9F).contains(u.value) {
                    out += "\\x" + hex(UInt8(truncatingIfNeeded: u.value))
                } else if isInvisibleFormatting(u) {
                    out += "\\u" + String(u.value, radix: 16)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    /// The bidirectional formatting characters of UAX #9 §2 and U+FEFF (the byte order mark,
    /// a zero-width no-break space inside a line).
    static func isInvisibleFormatting(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `display` for a message of several lines (stderr): its line breaks stay, and so do its
    /// backslashes, so that a name already shown with `display` inside the message (where a
    /// line break in the name is `\n`) reads the same, while any control character left in
    /// the message is still escaped.
    package static func displayLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { display(String($0), backslash: false) }.joined(separator: "\n")
    }

    static func hex(_ b: UInt8) -> String {
        let h = String(b, radix: 16)
        return h.count == 1 ? "0" + h : h
    }

    /// The scalar UTF-8 encodes at `i` and the bytes it takes (RFC 3629 §4: no overlong forms,
    /// no surrogates, nothing above U+10FFFF), or nil and 1 for a byte that starts no valid
    /// sequence.
    static func utf8Scalar(_ b: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
        let lead = b[i]
        let (length, minimum): (Int, UInt32)
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return (nil, 1)
        }
        guard i + length <= b.count else { return (nil, 1) }
        var value = UInt32(lead) & (0x7F >> length)
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        guard value >= minimum, let s = Unicode.Scalar(value) else { return (nil, 1) }
        return (s, length)
    }
}
