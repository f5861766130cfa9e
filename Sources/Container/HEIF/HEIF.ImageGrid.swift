extension HEIF {
    /// The descriptor stored as the data of a `grid` derived image item.
    /// ISO/IEC 23008-12 §6.6.2.3.2 ImageGrid.
    ///
    /// ```
    /// unsigned int(8) version = 0;
    /// unsigned int(8) flags;
    /// unsigned int(8) rows_minus_one; unsigned int(8) columns_minus_one;
    /// unsigned int(flags & 1 ? 32 : 16) output_width, output_height;
    /// ```
    package struct ImageGrid: Sendable, Equatable {
        package let version: UInt8
        package let flags: UInt8
        package let rows: Int
        package let columns: Int
        package let outputWidth: UInt32
        package let outputHeight: UInt32

        package init(parsing r: inout ByteReader) throws(ParseError) {
            version = try r.readU8()
            guard version == 0 else {
                throw ParseError(.unsupportedVersion, at: r.start, path: r.path, "grid version \(version)")
            }
            flags = try r.readU8()
            rows = Int(try r.readU8()) + 1
            columns = Int(try r.readU8()) + 1
            if flags & 1 != 0 {
                outputWidth = try r.readU32(); outputHeight = try r.readU32()
            } else {
                outputWidth = UInt32(try r.readU16()); outputHeight = UInt32(try r.readU16())
            }
            try r.expectEnd("grid descriptor")
        }

        /// The descriptor bytes (no box header: it is item data, not a box).
        package func write(to w: inout ByteWriter) {
            w.u8(version)
            w.u8(flags)
            w.u8(fitting: Int(rows) - 1, "grid rows_minus_one")
            w.u8(fitting: Int(columns) - 1, "grid columns_minus_one")
            if flags & 1 != 0 {
                w.u32(outputWidth); w.u32(outputHeight)
            } else {
                w.u16(fitting: outputWidth, "grid output_width"); w.u16(fitting: outputHeight, "grid output_height")
            }
        }
    }
}
