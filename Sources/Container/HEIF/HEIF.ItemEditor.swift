extension HEIF {
    /// Adds and removes items of a HEIF file and writes it again, the mirror of `HEIF.File`:
    /// `init(parsing:)` reads the item graph, `serialized()` writes a `meta` whose `iinf`,
    /// `iref`, `ipco`/`ipma` and `iloc` are rebuilt from it (ISO/IEC 14496-12 §8.11; ISO/IEC
    /// 23008-12 §9.3), moves every file offset that the new `meta` size moves, and appends
    /// the new items' data in one `mdat` at the end (§8.1.1).
    ///
    /// Every other box is copied byte for byte: `ftyp`, the `mdat`s (so no item's coded data
    /// changes), and inside `meta` the `hdlr`, `pitm`, `idat`, `grpl` and any box it does not
    /// rebuild. Existing properties keep their bytes and their 1-based `ipco` index. The
    /// data of a removed item stays in its `mdat`, located by nothing.
    public struct ItemEditor: Sendable {
        let bytes: [UInt8]
        let metaRange: Range<Int>
        /// Top-level boxes in file order.
        let topLevel: [Range<Int>]
        /// Children of `meta` in order, with their type.
        let metaChildren: [(type: FourCC, range: Range<Int>)]
        let metaFullBox: [UInt8]
        public private(set) var infos: [BMFF.ItemInfoEntry]
        public private(set) var references: [BMFF.ItemReference]
        /// ipco boxes, index 1 first.
        public private(set) var properties: [[UInt8]]
        public private(set) var associations: [HEIF.ItemPropertyAssociation.Entry]
        var locations: [BMFF.ItemLocationBox.Item]
        let indexSize: Int
        /// Data of the new items, in the order they were added.
        var newData: [(id: UInt32, bytes: [UInt8])] = []

        public init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            try self.init(HEIF.File(parsing: bytes, limits: limits), bytes: bytes)
        }

        public init(_ file: HEIF.File, bytes: [UInt8]) throws(ParseError) {
            self.bytes = bytes
            metaRange = file.meta.header.range
            topLevel = file.topLevelBoxes.map(\.range)
            guard let last = topLevel.last, last.upperBound <= bytes.count, metaRange.upperBound <= bytes.count else {
                throw ParseError(.writeNotAnImage, at: bytes.count, path: "", "a top-level box runs past the end of the file")
            }
            // meta is a FullBox (§8.11.1): 4 bytes of version and flags before its children.
            let payload = file.meta.header.payloadRange
            guard payload.count >= 4 else { throw ParseError(.truncated, at: payload.lowerBound, path: "meta") }
            metaFullBox = Array(bytes[payload.lowerBound..<(payload.lowerBound + 4)])
            var children: [(type: FourCC, range: Range<Int>)] = []
            var r = try ByteReader(bytes, range: (payload.lowerBound + 4)..<payload.upperBound, path: "meta")
            while !r.isAtEnd {
                let h = try BMFF.BoxHeader(parsing: &r)
                children.append((h.type, h.range))
                try r.seek(toAbsolute: h.range.upperBound)
            }
            metaChildren = children
            infos = file.meta.itemInfo?.entries ?? []
            references = file.meta.itemReference?.references ?? []
            var props: [[UInt8]] = []
            for (i, p) in (file.meta.itemProperties?.container?.properties ?? []).enumerated() {
                guard p.index == i + 1, p.range.upperBound <= bytes.count else {
                    throw ParseError(.writeNotAnImage, at: p.range.lowerBound, path: "meta/iprp/ipco",
                                     "property \(i + 1) cannot be copied")
                }
                props.append(Array(bytes[p.range]))
            }
            properties = props
            associations = (file.meta.itemProperties?.associations ?? []).flatMap(\.entries)
            let iloc = file.meta.itemLocation
            locations = iloc?.items ?? []
            indexSize = iloc?.indexSize ?? 0
        }

        /// One more than the largest item ID in use.
        public var nextItemID: UInt32 {
            let used = infos.map(\.itemID) + locations.map(\.itemID) + newData.map(\.id)
            return (used.max() ?? 0) &+ 1
        }

        /// Adds `item` and returns its ID.
        @discardableResult
        public mutating func add(_ item: NewItem) -> UInt32 {
            let id = nextItemID
            infos.append(BMFF.ItemInfoEntry(itemID: id, itemType: item.type, name: item.name,
                                            contentType: item.contentType, hidden: item.hidden))
            var list: [HEIF.ItemPropertyAssociation.Association] = []
            for p in item.properties {
                switch p {
                case .existing(let index, let essential):
                    list.append(.init(essential: essential, propertyIndex: index, offset: 0))
                case .new(let box, let essential):
                    properties.append(box)
                    list.append(.init(essential: essential, propertyIndex: properties.count, offset: 0))
                }
            }
            if !list.isEmpty { associations.append(.init(itemID: id, associations: list, offset: 0)) }
            for ref in item.references {
                references.append(BMFF.ItemReference(type: ref.type, fromItemID: id, toItemIDs: ref.to, offset: 0))
            }
            newData.append((id, item.data))
            return id
        }

        /// Removes an item with what exists only for it: the metadata items (`cdsc`) that
        /// describe nothing else and the tiles (`dimg`) no other item uses. Returns every
        /// removed ID.
        @discardableResult
        public mutating func remove(_ id: UInt32) -> [UInt32] {
            var gone: Set<UInt32> = [id]
            for ref in references where ref.type == BMFF.BoxType.cdsc && ref.toItemIDs.allSatisfy({ $0 == id }) {
                gone.insert(ref.fromItemID)
            }
            let tiles = references.filter { $0.type == BMFF.BoxType.dimg && $0.fromItemID == id }.flatMap(\.toItemIDs)
            for t in tiles where !references.contains(where: { $0.type == BMFF.BoxType.dimg && $0.fromItemID != id && $0.toItemIDs.contains(t) }) {
                gone.insert(t)
            }
            infos.removeAll { gone.contains($0.itemID) }
            locations.removeAll { gone.contains($0.itemID) }
            newData.removeAll { gone.contains($0.id) }
            associations.removeAll { gone.contains($0.itemID) }
            references = references.compactMap { ref in
                if gone.contains(ref.fromItemID) { return nil }
                let to = ref.toItemIDs.filter { !gone.contains($0) }
                return to.isEmpty ? nil : BMFF.ItemReference(type: ref.type, fromItemID: ref.fromItemID, toItemIDs: to, offset: ref.offset)
            }
            return gone.sorted()
        }

        /// The file with the rebuilt `meta` and, when items were added, a new `mdat` at the end.
        public func serialized() throws(ParseError) -> [UInt8] {
            let total = bytes.count + newData.reduce(0) { $0 + $1.bytes.count }
            // 4-byte fields while every offset fits with room for the meta's growth.
            let fieldSize = total < 0xF000_0000 ? 4 : 8
            let draft = try meta(shift: 0, mdatPayload: 0, fieldSize: fieldSize)
            guard let delta = draft.count -? metaRange.count else {
                throw ParseError(.arithmeticOverflow, at: metaRange.lowerBound, path: "meta")
            }
            var size = 0
            for r in topLevel { size += r == metaRange ? draft.count : r.count }
            let mdatPayload = size + 8
            let final = try meta(shift: delta, mdatPayload: mdatPayload, fieldSize: fieldSize)
            var out: [UInt8] = []
            out.reserveCapacity(mdatPayload + total - bytes.count)
            for r in topLevel { if r == metaRange { out += final } else { out += bytes[r] } }
            if !newData.isEmpty {
                var w = ByteWriter()
                BMFF.BoxWriter.box(BMFF.BoxType.mdat, to: &w) { w in for d in newData { w.append(d.bytes) } }
                out += w.bytes
            }
            return out
        }

        /// The `meta` box: its children in their order with `iinf`, `iref`, `iprp` and `iloc`
        /// rebuilt; file offsets after the old `meta` move by `shift`, new data starts at
        /// `mdatPayload`.
        func meta(shift: Int, mdatPayload: Int, fieldSize: Int) throws(ParseError) -> [UInt8] {
            let iloc = try itemLocations(shift: shift, mdatPayload: mdatPayload, fieldSize: fieldSize)
            var w = ByteWriter()
            var wroteIref = false
            try BMFF.BoxWriter.throwingBox(BMFF.BoxType.meta, to: &w) { w throws(ParseError) in
                w.append(metaFullBox)
                for child in metaChildren {
                    switch child.type {
                    case BMFF.BoxType.iinf: writeItemInfo(to: &w)
                    case BMFF.BoxType.iloc: iloc.write(to: &w)
                    case BMFF.BoxType.iprp: writeProperties(to: &w)
                    case BMFF.BoxType.iref:
                        if !references.isEmpty { referenceBox.write(to: &w) }
                        wroteIref = true
                    default: w.append(bytes[child.range])
                    }
                }
                // A file with no iref gets one when items now refer to others (§8.11.12).
                if !wroteIref, !references.isEmpty { referenceBox.write(to: &w) }
            }
            return w.bytes
        }

        var referenceBox: BMFF.ItemReferenceBox {
            let wide = references.contains { $0.fromItemID > 0xFFFF || $0.toItemIDs.contains { $0 > 0xFFFF } }
            return BMFF.ItemReferenceBox(fullBox: BMFF.FullBoxHeader(version: wide ? 1 : 0, flags: 0), references: references)
        }

        /// §8.11.6: version 0 counts entries in 16 bits, version 1 in 32.
        func writeItemInfo(to w: inout ByteWriter) {
            let wide = infos.count > 0xFFFF
            BMFF.BoxWriter.fullBox(BMFF.BoxType.iinf, BMFF.FullBoxHeader(version: wide ? 1 : 0, flags: 0), to: &w) { w in
                if wide { w.u32(UInt32(truncatingIfNeeded: infos.count)) } else { w.u16(UInt16(infos.count)) }
                for e in infos { e.write(to: &w) }
            }
        }

        /// ISO/IEC 23008-12 §9.3.1: one `ipco`, then one `ipma`.
        func writeProperties(to w: inout ByteWriter) {
            BMFF.BoxWriter.box(BMFF.BoxType.iprp, to: &w) { w in
                BMFF.BoxWriter.box(BMFF.BoxType.ipco, to: &w) { w in for p in properties { w.append(p) } }
                HEIF.ItemPropertyAssociation(entries: associations).write(to: &w)
            }
        }

        /// Every item's extents as absolute file offsets (base offset folded in, a length of 0
        /// "to the end" made explicit), moved by `shift` when they lie after the old `meta`.
        func itemLocations(shift: Int, mdatPayload: Int, fieldSize: Int) throws(ParseError) -> BMFF.ItemLocationBox {
            var items: [BMFF.ItemLocationBox.Item] = []
            let limit: UInt64 = fieldSize == 4 ? UInt64(UInt32.max) : UInt64.max
            func fit(_ v: Int, _ item: UInt32) throws(ParseError) -> UInt64 {
                guard v >= 0, let x = UInt64(exactly: v), x <= limit else {
                    throw ParseError(.writeFieldOverflow, at: metaRange.lowerBound, path: "meta/iloc/item[\(item)]",
                                     "\(v) does not fit \(fieldSize) bytes")
                }
                return x
            }
            for it in locations {
                guard it.constructionMethod == 0 else {
                    // idat (1) and item (2) offsets are relative to boxes that do not move; the
                    // base offset is folded into them, as the new iloc has none.
                    var extents: [BMFF.ItemLocationBox.Extent] = []
                    for e in it.extents {
                        let (sum, over) = it.baseOffset.addingReportingOverflow(e.offset)
                        guard !over, sum <= limit, e.length <= limit else {
                            throw ParseError(.writeFieldOverflow, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]")
                        }
                        extents.append(.init(index: e.index, offset: sum, length: e.length, entryOffset: 0))
                    }
                    items.append(.init(itemID: it.itemID, constructionMethod: it.constructionMethod,
                                       dataReferenceIndex: it.dataReferenceIndex, baseOffset: 0, extents: extents, entryOffset: 0))
                    continue
                }
                var extents: [BMFF.ItemLocationBox.Extent] = []
                for e in it.extents {
                    guard let start = Int(exactly: it.baseOffset &+ e.offset), it.baseOffset <= UInt64(Int.max) else {
                        throw ParseError(.writeFieldOverflow, at: it.entryOffset, path: "meta/iloc/item[\(it.itemID)]")
                    }
                    let length = e.length == 0 ? bytes.count -? start : Int(exactly: e.length)
                    guard let len = length, len >= 0 else {
                        throw ParseError(.writeFieldOverflow, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]")
                    }
                    if start < metaRange.upperBound, start +? len ?? Int.max > metaRange.lowerBound, start >= metaRange.lowerBound {
                        throw ParseError(.writeNotAnImage, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]",
                                         "an extent inside meta cannot be moved")
                    }
                    let moved = start >= metaRange.upperBound ? (start +? shift) : start
                    guard let m = moved else { throw ParseError(.arithmeticOverflow, at: e.entryOffset, path: "meta/iloc") }
                    extents.append(.init(index: e.index, offset: try fit(m, it.itemID), length: try fit(len, it.itemID),
                                         entryOffset: 0))
                }
                items.append(.init(itemID: it.itemID, constructionMethod: 0, dataReferenceIndex: it.dataReferenceIndex,
                                   baseOffset: 0, extents: extents, entryOffset: 0))
            }
            var at = mdatPayload
            for d in newData {
                items.append(.init(itemID: d.id, constructionMethod: 0, dataReferenceIndex: 0, baseOffset: 0,
                                   extents: [.init(index: 0, offset: try fit(at, d.id), length: try fit(d.bytes.count, d.id),
                                                   entryOffset: 0)], entryOffset: 0))
                at += d.bytes.count
            }
            return BMFF.ItemLocationBox(items: items, fieldSize: fieldSize, indexSize: indexSize)
        }
    }
}
