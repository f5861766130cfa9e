extension BMFF {
    /// `pitm`: the item that is the file's main image.
    /// ISO/IEC 14496-12 §8.11.4 PrimaryItemBox: version 0 has a 16-bit item_ID, version 1 a 32-bit one.
    package struct PrimaryItemBox: Sendable, Equatable {
        package let fullBox: FullBoxHeader
        package let itemID: UInt32

        /// The primary item `itemID`: version 0 when it fits 16 bits, else version 1.
        package init(itemID: UInt32) {
            fullBox = FullBoxHeader(version: itemID > 0xFFFF ? 1 : 0, flags: 0)
            self.itemID = itemID
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            fullBox = try FullBoxHeader(parsing: &r)
            try fullBox.require(maxVersion: 1, at: r.start, path: r.path)
            itemID = fullBox.version == 0 ? UInt32(try r.readU16()) : try r.readU32()
            try r.expectEnd("pitm")
        }

        package func write(to w: inout ByteWriter) {
            BoxWriter.fullBox(BoxType.pitm, fullBox, to: &w) { w in
                if fullBox.version == 0 { w.u16(fitting: itemID, "pitm item_ID") } else { w.u32(itemID) }
            }
        }
    }
}
