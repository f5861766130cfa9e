extension HEIF {
    /// `ipma`: which properties belong to which item.
    /// ISO/IEC 23008-12 §9.3.3 ItemPropertyAssociationBox (ISO/IEC 14496-12 §8.11.14).
    ///
    /// ```
    /// FullBox('ipma', version, flags)
    /// unsigned int(32) entry_count;
    /// for (entry_count) {
    ///   unsigned int(version < 1 ? 16 : 32) item_ID;
    ///   unsigned int(8) association_count;
    ///   for (association_count) {
    ///     bit(1) essential;
    ///     unsigned int(flags & 1 ? 15 : 7) property_index;   // 1-based; 0 = no property
    ///   }
    /// }
    /// ```
    package struct ItemPropertyAssociation: Sendable, Equatable {
        package let fullBox: BMFF.FullBoxHeader
        package let entries: [Entry]

        package struct Entry: Sendable, Equatable {
            package let itemID: UInt32
            /// A run of the box's associations (`SubList`): one allocation for the box, not one per entry.
            package let associations: SubList<Association>
            /// Absolute offset of this entry.
            package let offset: Int

            package init(itemID: UInt32, associations: SubList<Association>, offset: Int) {
                self.itemID = itemID
                self.associations = associations
                self.offset = offset
            }

            package init(itemID: UInt32, associations: [Association], offset: Int) {
                self.init(itemID: itemID, associations: SubList(associations), offset: offset)
            }
        }

        package struct Association: Sendable, Equatable {
            package let essential: Bool
            package let propertyIndex: Int
            /// Absolute offset of this association's bytes.
            package let offset: Int

            package init(essential: Bool, propertyIndex: Int, offset: Int) {
                self.essential = essential
                self.propertyIndex = propertyIndex
                self.offset = offset
            }
        }

        package init(parsing r: inout ByteReader, limits: ParseLimits) throws(ParseError) {
            fullBox = try BMFF.FullBoxHeader(parsing: &r)
            try fullBox.require(maxVersion: 1, at: r.start, path: r.path)
            let idSize = fullBox.version < 1 ? 2 : 4
            let wide = fullBox.flags & 1 != 0
            let countOffset = r.position
            let count = Int(try r.readU32())
            try limits.check(count, limits.maxItems, "ipma entry_count", at: countOffset, path: r.path)
            guard let minBytes = count *? (idSize + 1), minBytes <= r.remaining else {
                throw ParseError(.truncated, at: countOffset, path: r.path,
                                 "entry_count \(count) cannot fit in \(r.remaining) bytes")
            }
            // Every entry's associations in one list; the entries are made once it is whole,
            // as runs of it (a run made while the list still grew would copy it).
            var all: [Association] = []
            // Sized for a few per entry (an Apple photo's tiles have three or four), never more
            // than the bytes left could hold; past that it grows as it is read.
            all.reserveCapacity(min(r.remaining, count * 4))
            var heads: [(itemID: UInt32, associations: Range<Int>, offset: Int)] = []
            heads.reserveCapacity(count)
            let base = r.path
            for _ in 0..<count {
                let eo = r.position
                let id = idSize == 2 ? UInt32(try r.readU16()) : try r.readU32()
                r.label = .item(of: base, Int(id))
                let n = Int(try r.readU8())
                let first = all.count
                for _ in 0..<n {
                    let ao = r.position
                    if wide {
                        let v = try r.readU16()
                        all.append(Association(essential: v & 0x8000 != 0, propertyIndex: Int(v & 0x7FFF), offset: ao))
                    } else {
                        let v = try r.readU8()
                        all.append(Association(essential: v & 0x80 != 0, propertyIndex: Int(v & 0x7F), offset: ao))
                    }
                }
                heads.append((id, first..<all.count, eo))
                r.label = .text(base)
            }
            entries = heads.map { Entry(itemID: $0.itemID, associations: SubList(all, $0.associations), offset: $0.offset) }
            try r.expectEnd("ipma")
        }

        /// The whole `ipma` box, with the version and flags it was read with.
        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.fullBox(BMFF.BoxType.ipma, fullBox, to: &w) { w in
                w.u32(fitting: entries.count, "ipma entry_count")
                for e in entries {
                    if fullBox.version < 1 { w.u16(fitting: e.itemID, "ipma item_ID") } else { w.u32(e.itemID) }
                    w.u8(fitting: e.associations.count, "ipma association_count")
                    for a in e.associations {
                        if fullBox.flags & 1 != 0 {
                            w.u16((a.essential ? 0x8000 : 0) | w.bits(a.propertyIndex, 15, "ipma property_index"))
                        } else {
                            w.u8((a.essential ? 0x80 : 0) | UInt8(w.bits(a.propertyIndex, 7, "ipma property_index")))
                        }
                    }
                }
            }
        }
    }
}

extension HEIF.ItemPropertyAssociation {
    /// An `ipma` a writer makes: version 1 only when an item ID needs 32 bits, flag 1 (15-bit
    /// indexes) only when a property index passes 127 (ISO/IEC 23008-12 §9.3.3).
    package init(entries: [Entry]) {
        let wide = entries.contains { $0.itemID > 0xFFFF }
        let large = entries.contains { $0.associations.contains { $0.propertyIndex > 0x7F } }
        fullBox = BMFF.FullBoxHeader(version: wide ? 1 : 0, flags: large ? 1 : 0)
        self.entries = entries
    }
}
