import Validator
import AuxData
import Container
/// A JSON value with object keys kept in insertion order, so reports are stable byte for
/// byte (golden files, diffs in CI) and read in the order the contract lists the fields.
///
/// Not `indirect`: arrays and objects keep their members in array storage already, and an
/// indirect enum puts every value, each number and each string, in a heap box of its own.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y || (x.isNaN && y.isNaN)
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value of `key` in an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    /// Serialises with two-space indentation (`pretty`) or on one line.
    package func rendered(pretty: Bool = true) -> String {
        rendered(indent: pretty ? 0 : -1)
    }

    /// The UTF-8 of `rendered(pretty:)`.
    package func utf8(pretty: Bool = true) -> [UInt8] {
        utf8(indent: pretty ? 0 : -1)
    }

    /// Serialises pretty-printed as if nested `indent` levels deep (its closing bracket at
    /// that depth); -1 for one line.
    func rendered(indent: Int) -> String {
        String(decoding: utf8(indent: indent), as: UTF8.self)
    }

    /// The UTF-8 of `rendered(indent:)`. Written as bytes and made a string, if at all, once:
    /// appending to a `String` piece by piece checks and grows its storage at every append,
    /// which made rendering a batch's JSON Lines records a tenth of the batch's time.
    private func utf8(indent: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, indent: indent)
        return out
    }

    private func write(into out: inout [UInt8], indent: Int) {
        let pretty = indent >= 0
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSONValue.digits(i, into: &out)
        case .double(let d): out.append(contentsOf: JSONValue.format(d).utf8)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, v) in items.enumerated() {
                JSONValue.newline(pretty ? indent + 1 : -1, into: &out)
                v.write(into: &out, indent: pretty ? indent + 1 : -1)
                if i + 1 < items.count { out.append(UInt8(ascii: ",")) }
            }
            JSONValue.newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            if fields.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in fields.enumerated() {
                JSONValue.newline(pretty ? indent + 1 : -1, into: &out)
                JSONValue.quote(k, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                v.write(into: &out, indent: pretty ? indent + 1 : -1)
                if i + 1 < fields.count { out.append(UInt8(ascii: ",")) }
            }
            JSONValue.newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The decimal digits of `i`, as `String(i)` spells them, without making that string.
    static func digits(_ i: Int, into out: inout [UInt8]) {
        if i < 0 { out.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: `-Int.min` does not fit an `Int`.
        var m = i.magnitude
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: UInt.max has 20 digits
        withUnsafeMutableBytes(of: &buffer) { b in
            var at = b.count
            repeat {
                at -= 1
                b[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: m % 10)
                m /= 10
            } while m != 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[at...]))
        }
    }

    /// A newline and two spaces per level when pretty-printing (`level` >= 0); nothing on one line.
    private static func newline(_ level: Int, into out: inout [UInt8]) {
        guard level >= 0 else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(2 * level) { out.append(UInt8(ascii: " ")) }
    }

    /// JSON has no NaN or infinity; they become null so the report stays valid JSON.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// Whether a byte is not appended as it is: control characters, quote, backslash and
    /// 0xF4, which leads the UTF-8 of Plane 16, where PathText carries a name's raw bytes.
    /// Compared in place: every key and string of every report goes through `quote`, most of
    /// them a few bytes long, and a look-up table cost more to reach than to read.
    @inline(__always) private static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x22 || b == 0x5C || b == 0xF4
    }

    /// Whether any of `bytes` needs an escape: eight bytes at a time, each word tested for a
    /// byte below 0x20 and for a byte equal to each of the others (the zero-byte test of
    /// "Bit Twiddling Hacks", exact as a yes or no for the word), the rest one at a time.
    static func anyNeedsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if (w &- ones &* 0x20) & ~w & highs != 0 || hasZero(w ^ (ones &* 0x22)) || hasZero(w ^ (ones &* 0x5C))
                || hasZero(w ^ (ones &* 0xF4)) {
                return true
            }
            i += 8
        }
        while i < bytes.count {
            if needsEscape(bytes[i]) { return true }
            i += 1
        }
        return false
    }

    /// RFC 8259 §7: quote, backslash and control characters are escaped. Most strings need
    /// no escape at all and are appended whole.
    static func quote(_ s: String, into out: inout [UInt8]) {
        var text = s
        let plain = text.withUTF8 { buf in
            guard !anyNeedsEscape(buf) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: buf)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if plain { return }
        out.append(UInt8(ascii: "\""))
        for u in s.unicodeScalars {
            if let raw = PathText.rawByte(u) {
                // A raw byte of a file name: the lone surrogate U+DC00 + byte, which Python's
                // surrogateescape (os.fsencode) turns back into the byte.
                out.append(contentsOf: ("\\udc" + PathText.hex(raw)).utf8)
                continue
            }
            switch u {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - h.count) + h).utf8)
                } else {
                    UTF8.encode(u) { out.append($0) }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
