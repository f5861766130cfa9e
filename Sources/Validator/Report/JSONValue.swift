/// A JSON value with object keys kept in insertion order, so reports are stable byte for
/// byte (golden files, diffs in CI) and read in the order the contract lists the fields.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
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
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    /// Serialises with two-space indentation (`pretty`) or on one line.
    public func rendered(pretty: Bool = true) -> String {
        rendered(indent: pretty ? 0 : -1)
    }

    /// Serialises pretty-printed as if nested `indent` levels deep (its closing bracket at
    /// that depth); -1 for one line.
    func rendered(indent: Int) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        let pretty = indent >= 0
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        let nl = pretty ? "\n" : ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += JSONValue.format(d)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + nl
            for (i, v) in items.enumerated() {
                out += pad
                v.write(into: &out, indent: pretty ? indent + 1 : -1)
                out += i + 1 < items.count ? "," + nl : nl
            }
            out += closePad + "]"
        case .object(let fields):
            if fields.isEmpty { out += "{}"; return }
            out += "{" + nl
            for (i, (k, v)) in fields.enumerated() {
                out += pad
                JSONValue.quote(k, into: &out)
                out += pretty ? ": " : ":"
                v.write(into: &out, indent: pretty ? indent + 1 : -1)
                out += i + 1 < fields.count ? "," + nl : nl
            }
            out += closePad + "}"
        }
    }

    /// JSON has no NaN or infinity; they become null so the report stays valid JSON.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// RFC 8259 §7: quote, backslash and control characters are escaped. Most strings need
    /// no escape at all and are appended whole.
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        var text = s
        let plain = text.withUTF8 { buf in
            // 0xF4 leads the UTF-8 of Plane 16, where PathText carries a name's raw bytes.
            for b in buf where b < 0x20 || b == 0x22 || b == 0x5C || b == 0xF4 { return false }
            return true
        }
        if plain {
            out += s
            out += "\""
            return
        }
        for u in s.unicodeScalars {
            if let raw = PathText.rawByte(u) {
                // A raw byte of a file name: the lone surrogate U+DC00 + byte, which Python's
                // surrogateescape (os.fsencode) turns back into the byte.
                out += "\\udc" + PathText.hex(raw)
                continue
            }
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
