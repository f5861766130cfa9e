extension BMFF {
    /// `infe`: one item's ID, type and name.
    /// ISO/IEC 14496-12 §8.11.6 ItemInfoEntry.
    ///
    /// ```
    /// FullBox('infe', version, flags)         // flags bit 0 (v2+): hidden item (ISO/IEC 23008-12 §6.4)
    /// if (version == 0 || version == 1) {
    ///   unsigned int(16) item_ID; unsigned int(16) item_protection_index;
    ///   utf8string item_name; utf8string content_type; utf8string content_encoding; // optional
    ///   if (version == 1) { unsigned int(32) extension_type; ItemInfoExtension(extension_type); } // optional
    /// } else {
    ///   unsigned int(16 or 32 if version 3) item_ID; unsigned int(16) item_protection_index;
    ///   unsigned int(32) item_type; utf8string item_name;
    ///   if (item_type == 'mime') { utf8string content_type; utf8string content_encoding; } // encoding optional
    ///   else if (item_type == 'uri ') { utf8string item_uri_type; }
    /// }
    /// ```
    package struct ItemInfoEntry: Sendable, Equatable {
        package let fullBox: FullBoxHeader
        package let itemID: UInt32
        package let protectionIndex: UInt16
        /// Item type; version 0/1 entries have none and get `mime` when they carry a content type.
        package let itemType: FourCC
        package let name: String
        package let contentType: String?
        package let contentEncoding: String?
        package let uriType: String?
        /// Absolute offset of the `infe` box, for issues about this item.
        package let offset: Int

        /// Hidden items are not meant to be shown on their own (ISO/IEC 23008-12 §6.4: infe flags bit 0).
        package var isHidden: Bool { fullBox.version >= 2 && fullBox.flags & 1 != 0 }

        package init(parsing r: inout ByteReader, boxOffset: Int) throws(ParseError) {
            offset = boxOffset
            fullBox = try FullBoxHeader(parsing: &r)
            try fullBox.require(maxVersion: 3, at: boxOffset, path: r.path)
            if fullBox.version <= 1 {
                itemID = UInt32(try r.readU16())
                protectionIndex = try r.readU16()
                name = try r.readCString("item_name")
                let ct = try r.readCString("content_type")
                contentType = ct
                contentEncoding = r.isAtEnd ? nil : try r.readCString("content_encoding")
                itemType = BoxType.mime
                uriType = nil
                // version 1 may end with an ItemInfoExtension whose layout depends on its type;
                // it is skipped, not interpreted.
                if fullBox.version == 1, !r.isAtEnd { _ = r.readRest() }
            } else {
                itemID = fullBox.version == 2 ? UInt32(try r.readU16()) : try r.readU32()
                protectionIndex = try r.readU16()
                itemType = try r.readFourCC()
                name = try r.readCString("item_name")
                if itemType == BoxType.mime {
                    contentType = try r.readCString("content_type")
                    contentEncoding = r.isAtEnd ? nil : try r.readCString("content_encoding")
                    uriType = nil
                } else if itemType == BoxType.uri {
                    uriType = try r.readCString("item_uri_type")
                    contentType = nil
                    contentEncoding = nil
                } else {
                    contentType = nil
                    contentEncoding = nil
                    uriType = nil
                }
            }
            try r.expectEnd("infe")
        }

        /// The whole `infe` box. A version 1 ItemInfoExtension, which the parser skips, is not written.
        package func write(to w: inout ByteWriter) {
            BoxWriter.fullBox(BoxType.infe, fullBox, to: &w) { w in
                if fullBox.version <= 1 {
                    w.u16(fitting: itemID, "infe item_ID")
                    w.u16(protectionIndex)
                    w.cString(name)
                    w.cString(contentType ?? "")
                    if let e = contentEncoding { w.cString(e) }
                    return
                }
                if fullBox.version == 2 { w.u16(fitting: itemID, "infe item_ID") } else { w.u32(itemID) }
                w.u16(protectionIndex)
                w.fourCC(itemType)
                w.cString(name)
                if itemType == BoxType.mime {
                    w.cString(contentType ?? "")
                    if let e = contentEncoding { w.cString(e) }
                } else if itemType == BoxType.uri {
                    w.cString(uriType ?? "")
                }
            }
        }
    }
}

extension BMFF.ItemInfoEntry {
    /// A version 2 entry (version 3 when the ID needs 32 bits) that a writer makes, the hidden
    /// flag in bit 0 (ISO/IEC 23008-12 §6.4). `offset` is 0: the entry was read from no file.
    package init(itemID: UInt32, itemType: FourCC, name: String = "", contentType: String? = nil, hidden: Bool) {
        fullBox = BMFF.FullBoxHeader(version: itemID > 0xFFFF ? 3 : 2, flags: hidden ? 1 : 0)
        self.itemID = itemID
        protectionIndex = 0
        self.itemType = itemType
        self.name = name
        self.contentType = contentType
        contentEncoding = nil
        uriType = nil
        offset = 0
    }
}
