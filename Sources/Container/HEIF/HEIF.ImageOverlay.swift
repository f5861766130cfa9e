extension HEIF {
    /// The descriptor stored as the data of an `iovl` derived image item: the canvas, its fill
    /// colour and where each input image is placed on it.
    /// ISO/IEC 23008-12 §6.6.2.2.2 ImageOverlay.
    ///
    /// ```
    /// unsigned int(8) version = 0; unsigned int(8) flags;
    /// for (j = 0; j < 4; j++) unsigned int(16) canvas_fill_value;
    /// FieldLength = ((flags & 1) + 1) * 16;
    /// unsigned int(FieldLength) output_width, output_height;
    /// for (i = 0; i < reference_count; i++) signed int(FieldLength) horizontal_offset, vertical_offset;
    /// ```
    package struct ImageOverlay: Sendable, Equatable {
        package let version: UInt8
        package let flags: UInt8
        package let canvasFill: [UInt16]
        package let outputWidth: UInt32
        package let outputHeight: UInt32
        /// One (horizontal, vertical) offset per input image, in `dimg` order.
        package let offsets: [(x: Int32, y: Int32)]

        /// Parses a descriptor for `inputs` input images (reference_count, the number of the
        /// item's `dimg` inputs): its length is then fixed by its flags.
        package init(parsing r: inout ByteReader, inputs: Int) throws(ParseError) {
            version = try r.readU8()
            guard version == 0 else {
                throw ParseError(.unsupportedVersion, at: r.start, path: r.path, "iovl version \(version)")
            }
            flags = try r.readU8()
            let wide = flags & 1 != 0
            let field = wide ? 4 : 2
            // safe: inputs is a reference count (at most 65,535), field 2 or 4.
            let expected = 2 + 8 + 2 * field + inputs * 2 * field
            guard r.remaining + 2 == expected else {
                throw ParseError(.overlayInvalid, at: r.start, path: r.path,
                                 "the overlay descriptor is \(r.remaining + 2) bytes; \(wide ? "32" : "16")-bit fields for \(inputs) input(s) make \(expected)")
            }
            var fill: [UInt16] = []
            for _ in 0..<4 { fill.append(try r.readU16()) }
            canvasFill = fill
            outputWidth = wide ? try r.readU32() : UInt32(try r.readU16())
            outputHeight = wide ? try r.readU32() : UInt32(try r.readU16())
            var placed: [(x: Int32, y: Int32)] = []
            for _ in 0..<inputs {
                let x = wide ? Int32(bitPattern: try r.readU32()) : Int32(Int16(bitPattern: try r.readU16()))
                let y = wide ? Int32(bitPattern: try r.readU32()) : Int32(Int16(bitPattern: try r.readU16()))
                placed.append((x, y))
            }
            offsets = placed
            try r.expectEnd("overlay descriptor")
        }

        package static func == (a: ImageOverlay, b: ImageOverlay) -> Bool {
            a.version == b.version && a.flags == b.flags && a.canvasFill == b.canvasFill && a.outputWidth == b.outputWidth
                && a.outputHeight == b.outputHeight && a.offsets.map(\.x) == b.offsets.map(\.x) && a.offsets.map(\.y) == b.offsets.map(\.y)
        }
    }
}
