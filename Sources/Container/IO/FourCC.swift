/// A four-character code: ISOBMFF box and item types, CoreVideo pixel formats.
public struct FourCC: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// From exactly four ASCII characters; other strings give the code 0.
    public init(stringLiteral s: StaticString) {
        self.init(string: "\(s)")
    }

    public init(string s: String) {
        let u = Array(s.utf8)
        guard u.count == 4 else { self.rawValue = 0; return }
        self.rawValue = u.reduce(0) { ($0 << 8) | UInt32($1) }
    }

    public var bytes: [UInt8] {
        [UInt8(truncatingIfNeeded: rawValue >> 24), UInt8(truncatingIfNeeded: rawValue >> 16),
         UInt8(truncatingIfNeeded: rawValue >> 8), UInt8(truncatingIfNeeded: rawValue)]
    }

    /// The four characters, with bytes outside printable ASCII shown as `\xNN`.
    public var description: String {
        var s = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let b = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
            if b >= 0x20 && b < 0x7F { s.unicodeScalars.append(Unicode.Scalar(b)) }
            else { s += "\\x" + String(b, radix: 16, uppercase: true) }
        }
        return s
    }
}
