extension BMFF {
    /// Writes box headers around content, the inverse of `BoxHeader` (ISO/IEC 14496-12 §4.2).
    /// Sizes are computed from what was written, so writers cannot produce a wrong size;
    /// deliberately wrong sizes are the fixture builder's job, not this one's.
    package enum BoxWriter {
        /// A box with a 32-bit size (64-bit when the content needs it).
        package static func box(_ type: FourCC, to w: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
            var inner = ByteWriter()
            body(&inner)
            let total = inner.count + 8
            if let size = UInt32(exactly: total) {
                w.u32(size)
                w.fourCC(type)
            } else {
                w.u32(1)
                w.fourCC(type)
                w.u64(UInt64(total + 8))
            }
            w.append(inner)
        }

        /// A FullBox: `box` with version and flags first.
        package static func fullBox(_ type: FourCC, _ header: FullBoxHeader, to w: inout ByteWriter,
                                   _ body: (inout ByteWriter) -> Void) {
            box(type, to: &w) { w in
                w.u8(header.version)
                w.u24(header.flags)
                body(&w)
            }
        }
    }
}

extension BMFF.BoxWriter {
    /// `box` for a body that can fail: nothing is written when it throws.
    package static func throwingBox<E: Error>(_ type: FourCC, to w: inout ByteWriter,
                                             _ body: (inout ByteWriter) throws(E) -> Void) throws(E) {
        var inner = ByteWriter()
        try body(&inner)
        box(type, to: &w) { $0.append(inner) }
    }
}
