extension BMFF {
    /// `iloc`: where each item's bytes are.
    /// ISO/IEC 14496-12 §8.11.3 ItemLocationBox.
    ///
    /// ```
    /// FullBox('iloc', version, 0)                         // version 0, 1 or 2
    /// unsigned int(4) offset_size; unsigned int(4) length_size;
    /// unsigned int(4) base_offset_size;
    /// unsigned int(4) index_size (version 1, 2) or reserved;
    /// unsigned int(version < 2 ? 16 : 32) item_count;
    /// for each item {
    ///   unsigned int(version < 2 ? 16 : 32) item_ID;
    ///   if (version 1, 2) { bit(12) reserved = 0; unsigned int(4) construction_method; }
    ///   unsigned int(16) data_reference_index;
    ///   unsigned int(base_offset_size*8) base_offset;
    ///   unsigned int(16) extent_count;
    ///   for each extent {
    ///     if (version 1, 2 && index_size > 0) unsigned int(index_size*8) item_reference_index;
    ///     unsigned int(offset_size*8) extent_offset;
    ///     unsigned int(length_size*8) extent_length;
    ///   }
    /// }
    /// ```
    package struct ItemLocationBox: Sendable, Equatable {
        package let fullBox: FullBoxHeader
        package let offsetSize: Int
        package let lengthSize: Int
        package let baseOffsetSize: Int
        package let indexSize: Int
        package let items: [Item]

        /// One item's location.
        package struct Item: Sendable, Equatable {
            package let itemID: UInt32
            /// Where the extents' offsets count from (§8.11.3.1).
            package let constructionMethod: ConstructionMethod
            package let dataReferenceIndex: UInt16
            package let baseOffset: UInt64
            /// A run of the box's extents (`SubList`): one allocation for the box, not one per item.
            package let extents: SubList<Extent>
            /// Absolute offset of the item's entry inside `iloc`, for issues about it.
            package let entryOffset: Int

            init(itemID: UInt32, constructionMethod: ConstructionMethod, dataReferenceIndex: UInt16, baseOffset: UInt64,
                 extents: SubList<Extent>, entryOffset: Int) {
                self.itemID = itemID
                self.constructionMethod = constructionMethod
                self.dataReferenceIndex = dataReferenceIndex
                self.baseOffset = baseOffset
                self.extents = extents
                self.entryOffset = entryOffset
            }

            init(itemID: UInt32, constructionMethod: ConstructionMethod, dataReferenceIndex: UInt16, baseOffset: UInt64,
                 extents: [Extent], entryOffset: Int) {
                self.init(itemID: itemID, constructionMethod: constructionMethod, dataReferenceIndex: dataReferenceIndex,
                          baseOffset: baseOffset, extents: SubList(extents), entryOffset: entryOffset)
            }
        }

        package struct Extent: Sendable, Equatable {
            package let index: UInt64
            package let offset: UInt64
            /// 0 means "to the end of the source" (§8.11.3.3).
            package let length: UInt64
            /// Absolute offset of this extent's fields inside `iloc`.
            package let entryOffset: Int
        }

        package init(parsing r: inout ByteReader, limits: ParseLimits) throws(ParseError) {
            fullBox = try FullBoxHeader(parsing: &r)
            try fullBox.require(maxVersion: 2, at: r.start, path: r.path)
            let v = fullBox.version
            let sizesOffset = r.position
            let a = try r.readU8(), b = try r.readU8()
            offsetSize = Int(a >> 4)
            lengthSize = Int(a & 0xF)
            baseOffsetSize = Int(b >> 4)
            indexSize = v >= 1 ? Int(b & 0xF) : 0
            // §8.11.3.3: each size "is taken from the set {0, 4, 8}".
            for s in [offsetSize, lengthSize, baseOffsetSize, indexSize] where s != 0 && s != 4 && s != 8 {
                throw ParseError(.ilocBadFieldSize, at: sizesOffset, path: r.path, "field size \(s) is not 0, 4 or 8")
            }
            let countOffset = r.position
            let itemCount = v < 2 ? Int(try r.readU16()) : Int(try r.readU32())
            try limits.check(itemCount, limits.maxItems, "iloc item_count", at: countOffset, path: r.path)
            let idSize = v < 2 ? 2 : 4
            // safe: every size here is a nibble (0, 4 or 8 after the check above), so these sums are tiny.
            // Smallest possible entry: ID, (method), data_reference_index, base_offset, extent_count.
            let minEntry = idSize + (v >= 1 ? 2 : 0) + 2 + baseOffsetSize + 2
            guard let minTotal = itemCount *? minEntry, minTotal <= r.remaining else {
                throw ParseError(.truncated, at: countOffset, path: r.path,
                                 "item_count \(itemCount) of at least \(minEntry) bytes each, \(r.remaining) left")
            }
            let extentSize = (v >= 1 ? indexSize : 0) + offsetSize + lengthSize
            // Every item's extents in one list; the items are made once it is whole, as runs of
            // it (a run made while the list still grew would copy it).
            var all: [Extent] = []
            all.reserveCapacity(itemCount)
            var heads: [(itemID: UInt32, method: UInt8, dri: UInt16, baseOffset: UInt64, extents: Range<Int>, entryOffset: Int)] = []
            heads.reserveCapacity(itemCount)
            let base = r.path
            for _ in 0..<itemCount {
                let entryOffset = r.position
                let itemID = v < 2 ? UInt32(try r.readU16()) : try r.readU32()
                r.label = .item(of: base, Int(itemID))
                var method: UInt8 = 0
                if v >= 1 { method = UInt8(try r.readU16() & 0xF) }
                let dri = try r.readU16()
                let baseOffset = try r.readUInt(size: baseOffsetSize)
                let extentCountOffset = r.position
                let extentCount = Int(try r.readU16())
                try limits.check(extentCount, limits.maxExtentsPerItem, "extent_count", at: extentCountOffset, path: r.path)
                guard let need = extentCount *? extentSize, need <= r.remaining else {
                    throw ParseError(.truncated, at: extentCountOffset, path: r.path,
                                     "extent_count \(extentCount) of \(extentSize) bytes each, \(r.remaining) left")
                }
                let first = all.count
                for _ in 0..<extentCount {
                    let eo = r.position
                    let index = v >= 1 ? try r.readUInt(size: indexSize) : 0
                    let off = try r.readUInt(size: offsetSize)
                    let len = try r.readUInt(size: lengthSize)
                    all.append(Extent(index: index, offset: off, length: len, entryOffset: eo))
                }
                heads.append((itemID, method, dri, baseOffset, first..<all.count, entryOffset))
                r.label = .text(base)
            }
            items = heads.map {
                Item(itemID: $0.itemID, constructionMethod: ConstructionMethod($0.method), dataReferenceIndex: $0.dri, baseOffset: $0.baseOffset,
                     extents: SubList(all, $0.extents), entryOffset: $0.entryOffset)
            }
            try r.expectEnd("iloc")
        }

        /// The whole `iloc` box, with the field sizes it was read with. Every value fits its
        /// field: a box read holds only what its fields could, and one made is refused by
        /// `init(items:fieldSize:indexSize:)` when a value does not fit.
        package func write(to w: inout ByteWriter) {
            BoxWriter.fullBox(BoxType.iloc, fullBox, to: &w) { w in
                let v = fullBox.version
                w.u8(UInt8(offsetSize << 4 | lengthSize))
                w.u8(UInt8(baseOffsetSize << 4 | (v >= 1 ? indexSize : 0)))
                func uint(_ x: UInt64, _ size: Int) {
                    switch size {
                    case 4: w.u32(fitting: x, "iloc offset or length")
                    case 8: w.u64(x)
                    default: break
                    }
                }
                if v < 2 { w.u16(fitting: items.count, "iloc item_count") } else { w.u32(fitting: items.count, "iloc item_count") }
                for it in items {
                    if v < 2 { w.u16(fitting: it.itemID, "iloc item_ID") } else { w.u32(it.itemID) }
                    if v >= 1 { w.u16(UInt16(it.constructionMethod.rawValue & 0xF)) }
                    w.u16(it.dataReferenceIndex)
                    uint(it.baseOffset, baseOffsetSize)
                    w.u16(fitting: it.extents.count, "iloc extent_count")
                    for e in it.extents {
                        if v >= 1 { uint(e.index, indexSize) }
                        uint(e.offset, offsetSize)
                        uint(e.length, lengthSize)
                    }
                }
            }
        }
    }
}

extension BMFF.ItemLocationBox {
    /// An `iloc` a writer makes: version 1 (construction methods, ISO/IEC 14496-12 §8.11.3),
    /// version 2 when an item ID needs 32 bits; no base offsets; extent offsets and lengths of
    /// `fieldSize` bytes (4 or 8), item reference indices of `indexSize` (0, 4 or 8). A value
    /// its field cannot hold is refused (`WriteError.fieldOverflow`), never cut to fit: a cut offset
    /// would point every reader at other bytes.
    package init(items: [Item], fieldSize: Int, indexSize: Int = 0) throws(WriteError) {
        let wide = items.contains { $0.itemID > 0xFFFF }
        // §8.11.3.2: item_count and extent_count are 16 bits below version 2, extent_count always.
        func fits(_ value: UInt64, _ size: Int) -> Bool { size == 8 || (size == 4 && value <= 0xFFFF_FFFF) || (size == 0 && value == 0) }
        guard [4, 8].contains(fieldSize), [0, 4, 8].contains(indexSize) else {
            throw WriteError(.fieldOverflow, at: 0, path: "meta/iloc", "field sizes \(fieldSize) and \(indexSize) are not 0, 4 or 8")
        }
        if !wide, items.count > 0xFFFF {
            throw WriteError(.fieldOverflow, at: 0, path: "meta/iloc", "\(items.count) items do not fit a 16-bit item_count")
        }
        for it in items {
            guard it.extents.count <= 0xFFFF else {
                throw WriteError(.fieldOverflow, at: 0, path: "meta/iloc/item[\(it.itemID)]",
                                 "\(it.extents.count) extents do not fit a 16-bit extent_count")
            }
            guard it.baseOffset == 0, it.extents.allSatisfy({ fits($0.offset, fieldSize) && fits($0.length, fieldSize) && fits($0.index, indexSize) }) else {
                throw WriteError(.fieldOverflow, at: 0, path: "meta/iloc/item[\(it.itemID)]",
                                 "an extent's offset, length or index does not fit \(fieldSize)-byte fields")
            }
        }
        fullBox = BMFF.FullBoxHeader(version: wide ? 2 : 1, flags: 0)
        offsetSize = fieldSize
        lengthSize = fieldSize
        baseOffsetSize = 0
        self.indexSize = indexSize
        self.items = items
    }
}

extension BMFF.ItemLocationBox {
    /// `construction_method` (ISO/IEC 14496-12 §8.11.3.1): what an item's extent offsets count
    /// from. Version 0 boxes have none and mean `file`; values 3 to 15 are reserved and kept as
    /// read, so a reader can say which one it met.
    package enum ConstructionMethod: Sendable, Hashable, CustomStringConvertible {
        /// 0: offsets into the file (or the file `data_reference_index` names).
        case file
        /// 1: offsets into the `idat` box's data.
        case idat
        /// 2: offsets into the data of the items the `iloc` references of this item name.
        case item
        /// 3 to 15: reserved.
        case reserved(UInt8)

        /// The method of the 4-bit field's value.
        package init(_ value: UInt8) {
            switch value {
            case 0: self = .file
            case 1: self = .idat
            case 2: self = .item
            default: self = .reserved(value)
            }
        }

        /// The field's value.
        package var rawValue: UInt8 {
            switch self {
            case .file: return 0
            case .idat: return 1
            case .item: return 2
            case .reserved(let v): return v
            }
        }

        /// The number, as messages give it.
        package var description: String { String(rawValue) }
    }
}
