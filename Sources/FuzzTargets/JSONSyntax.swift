/// A strict RFC 8259 syntax checker: true when `text` is exactly one JSON value with optional
/// surrounding whitespace. It builds nothing; it only walks the bytes.
package enum JSONSyntax {
    package static func isValid(_ text: String) -> Bool {
        var p = Parser(bytes: Array(text.utf8))
        p.skipWhitespace()
        guard p.value(depth: 0) else { return false }
        p.skipWhitespace()
        return p.pos == p.bytes.count
    }

    struct Parser {
        let bytes: [UInt8]
        var pos = 0

        var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

        mutating func skipWhitespace() {
            while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { pos += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            for b in word.utf8 {
                guard peek == b else { return false }
                pos += 1
            }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < 512, let b = peek else { return false }
            switch b {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func object(depth: Int) -> Bool {
            pos += 1
            skipWhitespace()
            if peek == UInt8(ascii: "}") { pos += 1; return true }
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\""), string() else { return false }
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { return false }
                pos += 1
                skipWhitespace()
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if peek == UInt8(ascii: ",") { pos += 1; continue }
                if peek == UInt8(ascii: "}") { pos += 1; return true }
                return false
            }
        }

        mutating func array(depth: Int) -> Bool {
            pos += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") { pos += 1; return true }
            while true {
                skipWhitespace()
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if peek == UInt8(ascii: ",") { pos += 1; continue }
                if peek == UInt8(ascii: "]") { pos += 1; return true }
                return false
            }
        }

        static func isHex(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
        }

        mutating func string() -> Bool {
            pos += 1
            while let b = peek {
                pos += 1
                switch b {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    guard let e = peek else { return false }
                    pos += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let h = peek, Parser.isHex(h) else { return false }
                            pos += 1
                        }
                    default: return false
                    }
                default:
                    if b < 0x20 { return false }
                }
            }
            return false
        }

        mutating func digits() -> Int {
            var n = 0
            while let b = peek, b >= 0x30, b <= 0x39 { pos += 1; n += 1 }
            return n
        }

        mutating func number() -> Bool {
            if peek == UInt8(ascii: "-") { pos += 1 }
            guard let first = peek, first >= 0x30, first <= 0x39 else { return false }
            if first == 0x30 { pos += 1 } else { _ = digits() }
            if peek == UInt8(ascii: ".") {
                pos += 1
                guard digits() > 0 else { return false }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                pos += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
                guard digits() > 0 else { return false }
            }
            return true
        }
    }
}
