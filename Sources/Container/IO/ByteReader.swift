/// Byte order of multi-byte fields: TIFF/Exif/MPF declare theirs, everything else is big-endian.
package enum Endian: Sendable {
    case big, little
}

/// A bounds-checked cursor over untrusted bytes.
///
/// The reader shares the file's byte array (no copies) and works in absolute file offsets:
/// `position` and `end` are offsets into `bytes`, so an error can always name the real byte.
/// Reads never go past `end`, the end of the structure being parsed; a child reader made
/// with `slice(count:path:)` cannot read past its parent's structure. Every failure throws a
/// `ParseError`; nothing traps, whatever the input says.
package struct ByteReader: Sendable {
    /// The whole file.
    package let bytes: [UInt8]
    /// First byte of this structure (absolute).
    package let start: Int
    /// One past the last byte of this structure (absolute).
    package let end: Int
    /// Next byte to read (absolute).
    package private(set) var position: Int
    /// Structural path used in errors, e.g. `APP2#1/MPF`; made into text when read (`PathLabel`).
    package var path: String {
        get { label.text }
        set { label = .text(newValue) }
    }
    /// The path, as parts.
    package var label: PathLabel

    /// A reader over all of `bytes`.
    package init(_ bytes: [UInt8], path: String = "") {
        self.bytes = bytes
        self.start = 0
        self.end = bytes.count
        self.position = 0
        self.label = .text(path)
    }

    /// A reader over `bytes[range]`; fails when the range is not inside the array.
    package init(_ bytes: [UInt8], range: Range<Int>, path: String) throws(ParseError) {
        try self.init(bytes, range: range, label: .text(path))
    }

    /// A reader over `bytes[range]` whose path is `label`, made into text only if read.
    package init(_ bytes: [UInt8], range: Range<Int>, label: PathLabel) throws(ParseError) {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw ParseError(.outOfBounds, at: max(0, range.lowerBound), path: label.text,
                             "range \(range.lowerBound)..<\(range.upperBound) outside \(bytes.count) bytes")
        }
        self.bytes = bytes
        self.start = range.lowerBound
        self.end = range.upperBound
        self.position = range.lowerBound
        self.label = label
    }

    /// Bytes left before `end`.
    @inlinable package var remaining: Int { end - position }
    @inlinable package var isAtEnd: Bool { position >= end }

    // MARK: - Checks

    /// Throws `truncated` unless `count` more bytes exist. Compares by subtraction, so a
    /// huge `count` cannot overflow.
    @inlinable package func need(_ count: Int, _ what: @autoclosure () -> String = "") throws(ParseError) {
        if count < 0 || count > end - position {
            let w = what()
            throw ParseError(.truncated, at: position, path: path,
                             "need \(count) bytes\(w.isEmpty ? "" : " for " + w), \(end - position) left")
        }
    }

    /// Every structure parser ends with this: bytes left over mean the declared size and the
    /// content disagree (mp4parse's `check_parser_state!`).
    /// `what` is made only for the error (an autoclosure: names built by interpolation cost
    /// an allocation each, for every box of every file).
    package func expectEnd(_ what: @autoclosure () -> String = "structure") throws(ParseError) {
        if position != end {
            throw ParseError(.trailingBytes, at: position, path: path,
                             "\(end - position) unread bytes at the end of the \(what())")
        }
    }

    // MARK: - Integers

    package mutating func readU8() throws(ParseError) -> UInt8 {
        try need(1)
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func readU16(_ endian: Endian = .big) throws(ParseError) -> UInt16 {
        try need(2)
        let a = UInt16(bytes[position]), b = UInt16(bytes[position + 1])
        position += 2
        return endian == .big ? (a << 8 | b) : (b << 8 | a)
    }

    package mutating func readU24(_ endian: Endian = .big) throws(ParseError) -> UInt32 {
        try need(3)
        let a = UInt32(bytes[position]), b = UInt32(bytes[position + 1]), c = UInt32(bytes[position + 2])
        position += 3
        return endian == .big ? (a << 16 | b << 8 | c) : (c << 16 | b << 8 | a)
    }

    package mutating func readU32(_ endian: Endian = .big) throws(ParseError) -> UInt32 {
        try need(4)
        var v: UInt32 = 0
        if endian == .big {
            for i in 0..<4 { v = v << 8 | UInt32(bytes[position + i]) }
        } else {
            for i in (0..<4).reversed() { v = v << 8 | UInt32(bytes[position + i]) }
        }
        position += 4
        return v
    }

    package mutating func readU64(_ endian: Endian = .big) throws(ParseError) -> UInt64 {
        try need(8)
        var v: UInt64 = 0
        if endian == .big {
            for i in 0..<8 { v = v << 8 | UInt64(bytes[position + i]) }
        } else {
            for i in (0..<8).reversed() { v = v << 8 | UInt64(bytes[position + i]) }
        }
        position += 8
        return v
    }

    /// An unsigned field of `size` bytes (0, 1, 2, 4 or 8), as ISOBMFF `iloc` declares them.
    /// Size 0 reads nothing and gives 0.
    package mutating func readUInt(size: Int, _ endian: Endian = .big) throws(ParseError) -> UInt64 {
        switch size {
        case 0: return 0
        case 1: return UInt64(try readU8())
        case 2: return UInt64(try readU16(endian))
        case 4: return UInt64(try readU32(endian))
        case 8: return try readU64(endian)
        default:
            throw ParseError(.outOfBounds, at: position, path: path, "unsupported field size \(size)")
        }
    }

    package mutating func readFourCC() throws(ParseError) -> FourCC {
        FourCC(rawValue: try readU32(.big))
    }

    // MARK: - Bytes

    /// The next `count` bytes, without copying.
    package mutating func readBytes(_ count: Int) throws(ParseError) -> ArraySlice<UInt8> {
        try need(count)
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    /// The remaining bytes of this structure, without copying.
    package mutating func readRest() -> ArraySlice<UInt8> {
        defer { position = end }
        return bytes[position..<end]
    }

    package mutating func skip(_ count: Int) throws(ParseError) {
        try need(count)
        position += count
    }

    /// Does the structure continue with exactly these bytes?
    package func startsWith<C: Collection>(_ prefix: C) -> Bool where C.Element == UInt8 {
        guard prefix.count <= end - position else { return false }
        var i = position
        for b in prefix {
            if bytes[i] != b { return false }
            i += 1
        }
        return true
    }

    /// A NUL-terminated UTF-8 string that must end inside the structure. Invalid UTF-8 is
    /// repaired, not rejected: the text is for display and comparison.
    package mutating func readCString(_ what: String = "string") throws(ParseError) -> String {
        var i = position
        while i < end, bytes[i] != 0 { i += 1 }
        guard i < end else {
            throw ParseError(.badString, at: position, path: path, "\(what) is not NUL-terminated inside its structure")
        }
        // Decoded from the bytes in place (an item's name is most often empty): through the
        // array slice, the generic decoding path cost more than the string.
        let start = position
        let s = i == start ? "" : bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<i]), as: UTF8.self) }
        position = i + 1
        return s
    }

    // MARK: - Sub-structures

    /// A child reader over the next `count` bytes; the parent moves past them.
    package mutating func slice(_ count: Int, path childPath: String? = nil) throws(ParseError) -> ByteReader {
        try slice(count, label: childPath.map(PathLabel.text) ?? label)
    }

    /// `slice(_:path:)` with the child's path as parts, made into text only if it is read.
    package mutating func slice(_ count: Int, label childLabel: PathLabel) throws(ParseError) -> ByteReader {
        try need(count, childLabel.text)
        let child = ByteReader(unchecked: bytes, start: position, end: position + count, label: childLabel)
        position += count
        return child
    }

    /// Moves the cursor to an absolute offset inside this structure.
    package mutating func seek(toAbsolute offset: Int) throws(ParseError) {
        guard offset >= start, offset <= end else {
            throw ParseError(.outOfBounds, at: position, path: path,
                             "offset \(offset) outside \(start)..<\(end)")
        }
        position = offset
    }

    /// A reader over `count` bytes at absolute `offset`, which must lie inside this structure.
    /// Used for structures addressed by offset (MPF entries, TIFF IFDs, `iloc` extents).
    package func reader(at offset: Int, count: Int, path childPath: String) throws(ParseError) -> ByteReader {
        guard offset >= start, count >= 0, offset <= end, count <= end - offset else {
            throw ParseError(.outOfBounds, at: offset, path: childPath,
                             "\(count) bytes at offset \(offset) fall outside \(start)..<\(end)")
        }
        return ByteReader(unchecked: bytes, start: offset, end: offset + count, label: .text(childPath))
    }

    /// A reader from absolute `offset` to the end of this structure.
    package func reader(from offset: Int, path childPath: String) throws(ParseError) -> ByteReader {
        guard offset >= start, offset <= end else {
            throw ParseError(.outOfBounds, at: offset, path: childPath, "offset \(offset) outside \(start)..<\(end)")
        }
        return ByteReader(unchecked: bytes, start: offset, end: end, label: .text(childPath))
    }

    // safe: callers have checked start <= end <= bytes.count.
    @usableFromInline init(unchecked bytes: [UInt8], start: Int, end: Int, label: PathLabel) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.position = start
        self.label = label
    }
}
