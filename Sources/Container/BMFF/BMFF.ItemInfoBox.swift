extension BMFF {
    /// `iinf`: the list of items.
    /// ISO/IEC 14496-12 §8.11.6 ItemInfoBox.
    ///
    /// ```
    /// FullBox('iinf', version, 0)
    /// unsigned int(version == 0 ? 16 : 32) entry_count;
    /// ItemInfoEntry[entry_count] item_infos;
    /// ```
    /// A broken `infe` becomes an issue and the walk goes on with the next one: each entry is a
    /// box with its own size, so one bad entry does not hide the others.
    package struct ItemInfoBox: Sendable, Equatable {
        package let fullBox: FullBoxHeader
        /// Where the box's version byte is.
        package let offset: Int
        package let entryCount: UInt32
        package let entries: [ItemInfoEntry]

        package init(parsing r: inout ByteReader, context: inout ParseContext, depth: Int) throws(ParseError) {
            offset = r.start
            fullBox = try FullBoxHeader(parsing: &r)
            // §8.11.6 defines versions 0 and 1 only; files with version 2 and version 1's
            // syntax are in circulation, and readers take a 32-bit entry_count for any version
            // but 0. So does this parser; a rule judges the version.
            entryCount = fullBox.version == 0 ? UInt32(try r.readU16()) : try r.readU32()
            let countOffset = r.position
            // entry_count allocates nothing here (entries are boxes, bounded by maxBoxes), so a
            // wrong count is a finding, reported below, rather than a reason to stop.
            let base = r.path
            var list: [ItemInfoEntry] = []
            // Sized once for the entries the count declares, where the bytes can hold them (an
            // infe box takes at least 12): grown one entry at a time, the list was copied seven
            // times for the 55 items of an iPhone HEIC.
            list.reserveCapacity(min(Int(entryCount), r.remaining / 12))
            var index = 0
            try context.forEachChild(of: &r, depth: depth, label: { t, i in .child(of: base, t, at: i) }) { box, i, context in
                index = i + 1
                guard box.type == BoxType.infe else { return true }
                var content = box.content
                do throws(ParseError) {
                    list.append(try ItemInfoEntry(parsing: &content, boxOffset: box.header.offset))
                } catch {
                    context.issues.append(error)
                }
                return true
            }
            if index != Int(entryCount) {
                context.issues.append(ParseError(.iinfEntryCountMismatch, at: countOffset - (fullBox.version == 0 ? 2 : 4),
                                                 path: base, "entry_count \(entryCount) but \(index) boxes"))
            }
            entries = list
        }
    }
}

extension BMFF.ItemInfoBox {
    /// An `iinf` box of `entries` (§8.11.6): version 0 counts them in 16 bits, version 1 in
    /// 32. Each entry is written by `entryBytes` when it gives bytes (an entry kept as read),
    /// else by its own `write(to:)`.
    package static func write(_ entries: [BMFF.ItemInfoEntry], to w: inout ByteWriter,
                              entryBytes: (BMFF.ItemInfoEntry) -> [UInt8]? = { _ in nil }) {
        let wide = entries.count > 0xFFFF
        BMFF.BoxWriter.fullBox(BMFF.BoxType.iinf, BMFF.FullBoxHeader(version: wide ? 1 : 0, flags: 0), to: &w) { w in
            if wide { w.u32(fitting: entries.count, "iinf entry_count") } else { w.u16(UInt16(entries.count)) }
            for e in entries {
                if let raw = entryBytes(e) { w.append(raw) } else { e.write(to: &w) }
            }
        }
    }
}
