/// A four-character code: ISOBMFF box and item types, CoreVideo pixel formats.
public struct FourCC: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The four bytes, the first in the most significant place.
    public let rawValue: UInt32
    /// The code whose bytes are `rawValue`'s, most significant first.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// From exactly four ASCII characters; other strings give the code 0. Inlinable and
    /// read straight from the literal's bytes, so that a named code (`BMFF.BoxType.ispe`)
    /// folds to its constant where it is used: a rule compares it with every item of every
    /// file of a batch.
    @inlinable public init(stringLiteral s: StaticString) {
        guard s.hasPointerRepresentation, s.utf8CodeUnitCount == 4 else { self.rawValue = 0; return }
        let p = s.utf8Start
        self.rawValue = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }

    /// From the UTF-8 bytes of `s`; a string that is not four bytes long gives the code 0.
    public init(string s: String) {
        var value: UInt32 = 0, count = 0
        for b in s.utf8 {
            count += 1
            guard count <= 4 else { break }
            value = value << 8 | UInt32(b)
        }
        self.rawValue = count == 4 ? value : 0
    }

    package var bytes: [UInt8] {
        [UInt8(truncatingIfNeeded: rawValue >> 24), UInt8(truncatingIfNeeded: rawValue >> 16),
         UInt8(truncatingIfNeeded: rawValue >> 8), UInt8(truncatingIfNeeded: rawValue)]
    }

    /// The four characters, with bytes outside printable ASCII shown as `\xNN`.
    public var description: String {
        let b = (UInt8(truncatingIfNeeded: rawValue >> 24), UInt8(truncatingIfNeeded: rawValue >> 16),
                 UInt8(truncatingIfNeeded: rawValue >> 8), UInt8(truncatingIfNeeded: rawValue))
        // Four printable ASCII characters, the common case, make a small string in place.
        let printable = { (c: UInt8) in c >= 0x20 && c < 0x7F }
        if printable(b.0) && printable(b.1) && printable(b.2) && printable(b.3) {
            return withUnsafeBytes(of: b) { String(decoding: $0, as: UTF8.self) }
        }
        var s = ""
        for c in [b.0, b.1, b.2, b.3] {
            if printable(c) { s.unicodeScalars.append(Unicode.Scalar(c)) }
            else { s += "\\x" + String(c, radix: 16, uppercase: true) }
        }
        return s
    }
}
