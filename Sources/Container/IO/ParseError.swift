/// Why a structure could not be read, and where.
///
/// Every error carries the absolute byte offset in the file and a path such as
/// `APP2#1/MPF/MPEntry[2]` or `meta/iprp/ipco[7]:auxC`, so a finding can point at a byte.
/// Equality compares the code and the offset only: tests match the kind of error and its
/// place, never the wording of the detail.
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, dotted identifier of what went wrong. Each area declares its own codes in an
    /// extension next to its parser, so adding one touches no shared file.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    public let code: Code
    /// Absolute offset of the offending byte in the file.
    public let offset: Int
    /// Where in the structure: `APP1#2/Exif/IFD0[3]`, `meta/iloc/item[54]`.
    public let path: String
    /// Human explanation with the actual values.
    public let detail: String

    public init(_ code: Code, at offset: Int, path: String, _ detail: String = "") {
        self.code = code
        self.offset = offset
        self.path = path
        self.detail = detail
    }

    public static func == (a: ParseError, b: ParseError) -> Bool {
        a.code == b.code && a.offset == b.offset
    }

    public var description: String {
        let place = path.isEmpty ? "offset \(offset)" : "\(path) at offset \(offset)"
        return detail.isEmpty ? "\(code) (\(place))" : "\(code): \(detail) (\(place))"
    }
}

extension ParseError.Code {
    /// A read needed more bytes than the structure (or the file) holds.
    public static let truncated = Self("truncated")
    /// A size or offset computation overflowed.
    public static let arithmeticOverflow = Self("arithmeticOverflow")
    /// A structure ended with bytes its parser did not consume.
    public static let trailingBytes = Self("trailingBytes")
    /// A seek or sub-range points outside the structure that contains it.
    public static let outOfBounds = Self("outOfBounds")
    /// A count, size or nesting depth exceeds a `ParseLimits` bound.
    public static let limitExceeded = Self("limitExceeded")
    /// A string field is not NUL-terminated within its structure, or is not UTF-8.
    public static let badString = Self("badString")
}
