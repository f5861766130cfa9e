extension Exif {
    /// A TIFF structure to write, the mirror of `TIFFHeader` and `IFD`, which read it back
    /// (TIFF 6.0 §2): the header (byte order, 42, the first IFD at offset 8), one IFD of the
    /// fields in the order they were added (§2 asks for ascending tags; the callers add them so),
    /// a next-IFD offset of 0, and every value longer than four bytes after the IFD, in field
    /// order, each at an even offset ("the Value Offset must be an even number"). Offsets count
    /// from the byte-order mark. MPF's index (CIPA DC-007 §5.2.2, §5.2.3) and `extract`'s TIFF
    /// files are written by it.
    package struct TIFFWriter: Sendable {
        /// One directory entry: its tag, field type, count and value bytes in the structure's
        /// byte order, written in place when they fit in four bytes (left-justified).
        package struct Field: Sendable, Equatable {
            package let tag: UInt16
            package let type: UInt16
            package let count: UInt32
            package let value: [UInt8]
        }

        package let endian: Endian
        package private(set) var fields: [Field] = []

        package init(endian: Endian) { self.endian = endian }

        /// SHORT (type 3) values.
        package mutating func short(_ tag: UInt16, _ values: [UInt16]) throws(WriteError) {
            var w = ByteWriter()
            for v in values { w.u16(v, endian) }
            try add(tag, type: 3, count: values.count, w.bytes)
        }

        /// LONG (type 4) values.
        package mutating func long(_ tag: UInt16, _ values: [UInt32]) throws(WriteError) {
            var w = ByteWriter()
            for v in values { w.u32(v, endian) }
            try add(tag, type: 4, count: values.count, w.bytes)
        }

        /// UNDEFINED (type 7) bytes, as they are.
        package mutating func undefined(_ tag: UInt16, _ bytes: [UInt8]) throws(WriteError) {
            try add(tag, type: 7, count: bytes.count, bytes)
        }

        /// A field's count is a LONG: a longer value is refused here, before anything is laid out.
        mutating func add(_ tag: UInt16, type: UInt16, count: Int, _ value: [UInt8]) throws(WriteError) {
            guard let n = UInt32(exactly: count) else {
                throw WriteError(.fieldOverflow, at: 0, path: "TIFF/IFD0", "tag 0x\(String(tag, radix: 16)): \(count) values")
            }
            fields.append(Field(tag: tag, type: type, count: n, value: value))
        }

        /// Where the values that do not fit in their entry begin: header, count, entries, next IFD.
        package var valuesOffset: Int { 8 + 2 + 12 * fields.count + 4 }

        /// The structure's bytes. Refused when an offset would not fit 32 bits or the IFD would
        /// hold more entries than its 16-bit count.
        package func bytes() throws(WriteError) -> [UInt8] {
            guard let entries = UInt16(exactly: fields.count) else {
                throw WriteError(.fieldOverflow, at: 8, path: "TIFF/IFD0", "\(fields.count) entries")
            }
            var w = ByteWriter()
            w.append(endian == .big ? [0x4D, 0x4D] : [0x49, 0x49])
            w.u16(42, endian)
            w.u32(8, endian)
            w.u16(entries, endian)
            var values: [UInt8] = []
            for f in fields {
                w.u16(f.tag, endian); w.u16(f.type, endian); w.u32(f.count, endian)
                if f.value.count <= 4 {
                    w.append(f.value)
                    w.append([UInt8](repeating: 0, count: 4 - f.value.count))
                    continue
                }
                guard let at = UInt32(exactly: valuesOffset + values.count),
                      UInt32(exactly: valuesOffset + values.count + f.value.count) != nil else {
                    throw WriteError(.fieldOverflow, at: 8, path: "TIFF/IFD0", "tag 0x\(String(f.tag, radix: 16)): offset past 4 GiB")
                }
                w.u32(at, endian)
                values += f.value
                if values.count % 2 == 1 { values.append(0) }
            }
            w.u32(0, endian)
            w.append(values)
            return w.bytes
        }
    }
}
