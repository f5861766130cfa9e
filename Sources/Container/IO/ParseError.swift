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
        package init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    package let code: Code
    /// Absolute offset of the offending byte in the file.
    package let offset: Int
    /// Where in the structure: `APP1#2/Exif/IFD0[3]`, `meta/iloc/item[54]`.
    package let path: String
    /// Human explanation with the actual values.
    package let detail: String

    public init(_ code: Code, at offset: Int, path: String, _ detail: String = "") {
        self.code = code
        self.offset = offset
        self.path = path
        self.detail = detail
    }

    public static func == (a: ParseError, b: ParseError) -> Bool {
        a.code == b.code && a.offset == b.offset
    }

    /// What went wrong, for people: the detail, or when there is none the code in words. No
    /// code and no place: a finding shows those beside it.
    package var message: String { detail.isEmpty ? code.summary : detail }

    /// The message and, once, where: `the file ends inside the length of APP1 (APP1#2 at offset 9256)`.
    public var description: String { Self.worded(message, offset: offset, path: path) }

    /// `message` with its place, once: `message (path at offset N)`, or `(offset N)` without a
    /// path. Parse and write errors are worded alike.
    package static func worded(_ message: String, offset: Int, path: String) -> String {
        let place = path.isEmpty ? "offset \(offset)" : "\(path) at offset \(offset)"
        return "\(message) (\(place))"
    }
}

extension ParseError.Code {
    /// The code in words, for an error that carries no detail: the words of its last part
    /// (`bmff.metaMissing` → `meta missing`), or a sentence for the codes every parser shares.
    package var summary: String {
        if let known = ParseError.Code.summaries[rawValue] { return known }
        let last = rawValue.split(separator: ".").last.map(String.init) ?? rawValue
        var words = ""
        for c in last {
            if c.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(contentsOf: c.lowercased())
        }
        return words
    }

    static let summaries: [String: String] = [
        "truncated": "the data ends before the structure does",
        "arithmeticOverflow": "a size or offset is too large to compute",
        "trailingBytes": "bytes are left over at the end of a structure",
        "outOfBounds": "a position points outside the structure that holds it",
    ]
}

extension ParseError.Code {
    /// A read needed more bytes than the structure (or the file) holds.
    package static let truncated = Self("truncated")
    /// A size or offset computation overflowed.
    public static let arithmeticOverflow = Self("arithmeticOverflow")
    /// A structure ended with bytes its parser did not consume.
    package static let trailingBytes = Self("trailingBytes")
    /// A seek or sub-range points outside the structure that contains it.
    package static let outOfBounds = Self("outOfBounds")
    /// A count, size or nesting depth exceeds a `ParseLimits` bound.
    package static let limitExceeded = Self("limitExceeded")
    /// A string field is not NUL-terminated within its structure, or is not UTF-8.
    package static let badString = Self("badString")
}
