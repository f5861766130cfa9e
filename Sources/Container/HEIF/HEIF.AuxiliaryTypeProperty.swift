extension HEIF {
    /// `auxC`: what an auxiliary image is (alpha, depth, a matte, a gain map...).
    /// ISO/IEC 23008-12 §6.5.8 AuxiliaryTypeProperty.
    ///
    /// ```
    /// FullBox('auxC', 0, 0)
    /// string aux_type;                       // NUL-terminated URN
    /// template unsigned int(8) aux_subtype[]; // to end of box
    /// ```
    /// The subtype bytes are kept as an absolute byte range: for HEVC depth they hold SEI
    /// messages that a later stage decodes.
    public struct AuxiliaryTypeProperty: Sendable, Equatable {
        public let auxType: String
        /// Absolute range of `aux_subtype` in the file (may be empty).
        public let subtypeRange: Range<Int>

        public init(parsing r: inout ByteReader) throws(ParseError) {
            let fb = try BMFF.FullBoxHeader(parsing: &r)
            try fb.require(maxVersion: 0, at: r.start, path: r.path)
            auxType = try r.readCString("aux_type")
            let s = r.position
            _ = r.readRest()
            subtypeRange = s..<r.position
            try r.expectEnd("auxC")
        }

        /// The whole `auxC` box; the subtype bytes are passed in because only their range is kept.
        public func write(to w: inout ByteWriter, subtype: ArraySlice<UInt8>) {
            BMFF.BoxWriter.fullBox(BMFF.BoxType.auxC, BMFF.FullBoxHeader(version: 0, flags: 0), to: &w) { w in
                w.cString(auxType)
                w.append(subtype)
            }
        }
    }
}
