extension BMFF {
    /// `hdlr`: what the `meta` box describes; HEIF requires `pict`.
    /// ISO/IEC 14496-12 §8.4.3 HandlerBox; ISO/IEC 23008-12 §6.2.
    ///
    /// ```
    /// FullBox('hdlr', 0, 0)
    /// unsigned int(32) pre_defined = 0;
    /// unsigned int(32) handler_type;
    /// const unsigned int(32)[3] reserved = 0;
    /// utf8string name;
    /// ```
    package struct HandlerBox: Sendable, Equatable {
        package let fullBox: FullBoxHeader
        package let handlerType: FourCC
        package let name: String

        /// A version 0 handler of `handlerType` (`pict` for a HEIF's items).
        package init(handlerType: FourCC, name: String = "") {
            fullBox = FullBoxHeader(version: 0, flags: 0)
            self.handlerType = handlerType
            self.name = name
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            fullBox = try FullBoxHeader(parsing: &r)
            try fullBox.require(maxVersion: 0, at: r.start, path: r.path)
            _ = try r.readU32()
            handlerType = try r.readFourCC()
            try r.skip(12)
            // Some writers leave out the NUL of an empty name; the name is informative only,
            // so the rest of the box is taken up to the first NUL rather than rejected.
            let rest = r.readRest()
            name = String(decoding: rest.prefix { $0 != 0 }, as: UTF8.self)
            try r.expectEnd("hdlr")
        }

        /// The whole `hdlr` box. The name is written NUL-terminated, as §8.4.3 requires.
        package func write(to w: inout ByteWriter) {
            BoxWriter.fullBox(BoxType.hdlr, fullBox, to: &w) { w in
                w.u32(0)
                w.fourCC(handlerType)
                w.u32(0); w.u32(0); w.u32(0)
                w.cString(name)
            }
        }
    }
}
