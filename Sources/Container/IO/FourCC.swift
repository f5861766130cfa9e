/// A four-character code: ISOBMFF box and item types, CoreVideo pixel formats.
public struct FourCC: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32
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

    public init(string s: String) {
        var value: UInt32 = 0, count = 0
        for b in s.utf8 {
            count += 1
            guard count <= 4 else { break }
            value = value << 8 | UInt32(b)
        }
        self.rawValue = count == 4 ? value : 0
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
