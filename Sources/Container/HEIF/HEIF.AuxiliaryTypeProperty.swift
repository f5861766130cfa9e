extension HEIF {
    /// `auxC`: what an auxiliary image is (alpha, depth, a matte, a gain map...).
    /// ISO/IEC 23008-12 §6.5.8 AuxiliaryTypeProperty.
    ///
    /// ```
    /// FullBox('auxC', 0, 0)
    /// string aux_type;                       // NUL-terminated URN
    /// template unsigned int(8) aux_subtype[]; // to end of box
    /// ```
    /// A parsed property keeps its subtype bytes as an absolute byte range: for HEVC depth they
    /// hold SEI messages that a later stage decodes. A property made to be written holds its
    /// subtype bytes themselves.
    package struct AuxiliaryTypeProperty: Sendable, Equatable {
        /// Where the `aux_subtype` bytes are.
        package enum Subtype: Sendable, Equatable {
            /// In the parsed file, at this absolute range (may be empty).
            case inFile(Range<Int>)
            /// These bytes, for a property made to be written.
            case bytes([UInt8])
        }

        package let auxType: String
        package let subtype: Subtype

        /// Absolute range of `aux_subtype` in the file (may be empty); nil for a property made
        /// to be written.
        package var subtypeRange: Range<Int>? {
            if case .inFile(let r) = subtype { return r }
            return nil
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            let fb = try BMFF.FullBoxHeader(parsing: &r)
            try fb.require(maxVersion: 0, at: r.start, path: r.path)
            auxType = try r.readCString("aux_type")
            let s = r.position
            _ = r.readRest()
            subtype = .inFile(s..<r.position)
            try r.expectEnd("auxC")
        }

        /// A property to write: `auxType` (a URN), then `subtype` (for depth, the depth
        /// representation information SEI).
        package init(auxType: String, subtype: [UInt8] = []) {
            self.auxType = auxType
            self.subtype = .bytes(subtype)
        }

        /// The whole `auxC` box. A parsed property's subtype bytes come from `file`, the bytes
        /// it was parsed from (the part of the range outside them is left out).
        package func write(to w: inout ByteWriter, file: [UInt8] = []) {
            BMFF.BoxWriter.fullBox(BMFF.BoxType.auxC, BMFF.FullBoxHeader(version: 0, flags: 0), to: &w) { w in
                w.cString(auxType)
                switch subtype {
                case .bytes(let b): w.append(b)
                case .inFile(let r): w.append(file[r.clamped(to: file.indices)])
                }
            }
        }
    }
}
