extension Exif {
    /// One Image File Directory: a count, 12-byte entries, and the offset of the next IFD.
    ///
    /// TIFF 6.0 §2 "Image File Directory"; CIPA DC-007 §5.2.3 (MP Index IFD and MP Attribute IFD
    /// have the same layout).
    /// ```
    /// count        u16
    /// count × { tag u16, type u16, count u32, value-or-offset u32 }
    /// next IFD     u32 (0 = none)
    /// ```
    package struct IFD: Sendable, Equatable {
        /// One 12-byte directory entry.
        package struct Entry: Sendable, Equatable {
            package let tag: UInt16
            package let type: UInt16
            package let count: UInt32
            /// The last four bytes, read in the structure's byte order: the value itself when it
            /// fits in four bytes (TIFF 6.0 §2, "Value Offset"), otherwise its offset.
            package let valueOrOffset: UInt32
            /// Absolute offset of the entry.
            package let offset: Int
            /// Absolute offset of the value-or-offset field.
            package var valueFieldOffset: Int { offset + 8 }

            /// Bytes per value of each TIFF 6.0 field type (§2 "Types"); nil for unknown types.
            package static func typeSize(_ type: UInt16) -> Int? {
                switch type {
                case 1, 2, 6, 7: return 1
                case 3, 8: return 2
                case 4, 9, 11: return 4
                case 5, 10, 12: return 8
                default: return nil
                }
            }

            /// The absolute range of the entry's value: inline when it fits in four bytes,
            /// otherwise at `tiff.start + valueOrOffset`, which must lie inside `tiff`.
            package func valueRange(in tiff: ByteReader, path: String) throws(ParseError) -> Range<Int> {
                guard let size = Entry.typeSize(type) else {
                    throw ParseError(.tiffUnknownType, at: offset + 2, path: path, "unknown field type \(type)")
                }
                let total = try (Int(count) *? size).orOverflow(at: offset + 4, path: path)
                if total <= 4 { return valueFieldOffset..<(valueFieldOffset + total) }
                let at = try (tiff.start +? Int(valueOrOffset)).orOverflow(at: valueFieldOffset, path: path)
                guard at <= tiff.end, total <= tiff.end - at else {
                    throw ParseError(.tiffValueOutOfBounds, at: valueFieldOffset, path: path,
                                     "\(total) bytes at TIFF offset \(valueOrOffset) run past the structure (\(tiff.end - tiff.start) bytes)")
                }
                return at..<(at + total)
            }
        }

        /// Absolute offset of the count field.
        package let offset: Int
        package let entries: [Entry]
        /// Offset of the next IFD from the TIFF header; 0 when there is none.
        package let nextIFDOffset: UInt32
        /// Absolute offset of the next-IFD field.
        package let nextIFDFieldOffset: Int

        /// Reads the IFD at `relativeOffset` from the start of `tiff` (a reader over the whole
        /// TIFF structure, starting at its header). `fieldOffset` is where the offset was read,
        /// named in the error when the offset points outside.
        package init(in tiff: ByteReader, endian: Endian, relativeOffset: UInt32, fieldOffset: Int,
                    path: String) throws(ParseError) {
            let size = tiff.end - tiff.start
            guard Int(relativeOffset) <= size, size - Int(relativeOffset) >= 2 else {
                throw ParseError(.tiffIFDOffsetOutOfBounds, at: fieldOffset, path: path,
                                 "IFD offset \(relativeOffset) outside the \(size)-byte TIFF structure")
            }
            offset = tiff.start + Int(relativeOffset)
            var r = try tiff.reader(from: offset, path: path)
            let count = Int(try r.readU16(endian))
            // TIFF 6.0 §2: 12 bytes per entry plus the 4-byte next-IFD offset must exist.
            // This bounds the allocation below by bytes that exist (at most 65,535 entries).
            // safe: count <= 65535, so count * 12 + 4 cannot overflow.
            guard count * 12 + 4 <= r.remaining else {
                throw ParseError(.ifdEntryCountPastEnd, at: offset, path: path,
                                 "\(count) entries need \(count * 12 + 4) bytes, \(r.remaining) left")
            }
            var list: [Entry] = []
            list.reserveCapacity(count)
            for _ in 0..<count {
                let at = r.position
                list.append(Entry(tag: try r.readU16(endian), type: try r.readU16(endian),
                                  count: try r.readU32(endian), valueOrOffset: try r.readU32(endian), offset: at))
            }
            entries = list
            nextIFDFieldOffset = r.position
            nextIFDOffset = try r.readU32(endian)
        }

        package func entry(_ tag: UInt16) -> Entry? { entries.first { $0.tag == tag } }
    }
}
