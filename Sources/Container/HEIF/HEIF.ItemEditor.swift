extension HEIF {
    /// Adds and removes items of a HEIF file and writes it again, the mirror of `HEIF.File`:
    /// `init(parsing:)` reads the item graph, `serialized()` writes a `meta` whose `iinf`,
    /// `iref`, `ipco`/`ipma` and `iloc` are rebuilt from it (ISO/IEC 14496-12 §8.11; ISO/IEC
    /// 23008-12 §9.3), moves every file offset that the new `meta` size moves, and appends
    /// the new items' data in one `mdat` at the end (§8.1.1).
    ///
    /// Every other box is copied byte for byte: `ftyp`, the `mdat`s less the removed items'
    /// bytes (so no kept item's coded data changes), `moov` with its chunk offsets moved, and
    /// inside `meta` the `hdlr`, `pitm`, `idat` (less the removed items' bytes), `grpl`, each
    /// `infe` read from the file and any box it does not rebuild. Existing properties keep
    /// their bytes.
    ///
    /// Removing items removes their bytes (`HEIF.RemovalPlan`): their coded data in `mdat` and
    /// `idat` that no kept item or track shares, and every `ipco` property no remaining item
    /// or entity group is associated with; `iloc` offsets, `ipma` indexes and the chunk offsets
    /// of any track (`stco`/`co64`) are renumbered. Without removals, offsets only move with
    /// the size of `meta` and properties keep their 1-based index.
    ///
    /// Nothing is dropped without an error: a box it rebuilds that holds something it could
    /// not read makes `init` throw `writeUnreadable`; bytes after the last box it could read
    /// (a truncated box) are copied as they are.
    ///
    /// A file cut short (`cutShort`: its last box or an item's extents run past its end) is
    /// written again only as it is: extents past the end keep pointing past it, moved only
    /// with `meta`'s size. Adding or removing items throws `writeUnreadable` instead: the
    /// bytes an edit would take out or place a new `mdat` after are partly not there.
    package struct ItemEditor: Sendable {
        let bytes: [UInt8]
        let metaRange: Range<Int>
        /// Top-level boxes in file order.
        let topLevel: [BMFF.BoxHeader]
        /// Bytes after the last top-level box that could be read (a box whose size runs past
        /// the end of the file, say): copied after the boxes, as they were.
        let tail: Range<Int>
        /// Where the file ends before its last box or an item's data does; nil for a whole file.
        package let cutShort: CutShort?
        /// Children of `meta` in order, with their type.
        let metaChildren: [(type: FourCC, range: Range<Int>)]
        let metaFullBox: [UInt8]
        package private(set) var infos: [BMFF.ItemInfoEntry]
        /// The bytes of every `infe` read from the file, by box offset: written as they were
        /// (a version 1 entry's ItemInfoExtension included, which the parser does not keep).
        let infeBytes: [Int: [UInt8]]
        package private(set) var references: [BMFF.ItemReference]
        /// The references as read, to tell whether a kept item's `iloc` references changed.
        let originalReferences: [BMFF.ItemReference]
        /// ipco boxes, index 1 first.
        package private(set) var properties: [[UInt8]]
        package private(set) var associations: [HEIF.ItemPropertyAssociation.Entry]
        var locations: [BMFF.ItemLocationBox.Item]
        let indexSize: Int
        /// Payload of `idat` (construction method 1 offsets count from its start).
        let idat: Range<Int>?
        /// Entity groups of `grpl`: each written as it was read unless a removal changed it.
        package private(set) var entityGroups: [BMFF.EntityToGroupBox]
        /// Box offsets of the entity groups a removal left with too few members to keep.
        var removedGroups: Set<Int> = []
        /// Box offsets of the entity groups a removal took members from.
        var changedGroups: Set<Int> = []
        /// The primary item (`pitm`), never removed as another item's input.
        let primaryItemID: UInt32?
        /// The track_ID of every track of `moov` whose `tkhd` could be read.
        let trackIDs: [UInt32]
        /// Data of the new items, in the order they were added.
        var newData: [(id: UInt32, bytes: [UInt8])] = []
        /// Location entries of the removed items that came from the file, as read.
        var removedLocations: [BMFF.ItemLocationBox.Item] = []
        /// IDs of removed items that existed (an entry in `iinf`, `iloc` or `ipma`).
        var removedIDs: Set<UInt32> = []

        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            try self.init(HEIF.File(parsing: bytes, limits: limits), bytes: bytes)
        }

        package init(_ file: HEIF.File, bytes: [UInt8]) throws(ParseError) {
            self.bytes = bytes
            metaRange = file.meta.header.range
            topLevel = file.topLevelBoxes
            guard let last = topLevel.last?.range, last.upperBound <= bytes.count, metaRange.upperBound <= bytes.count else {
                throw ParseError(.writeNotAnImage, at: bytes.count, path: "", "a top-level box runs past the end of the file")
            }
            tail = last.upperBound..<bytes.count
            cutShort = CutShort(file, bytes: bytes)
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
            infeBytes = try ItemEditor.checkReadable(file, bytes: bytes, metaChildren: children)
            infos = file.meta.itemInfo?.entries ?? []
            references = file.meta.itemReference?.references ?? []
            originalReferences = references
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
            idat = file.meta.idat
            entityGroups = file.entityGroups
            primaryItemID = file.primaryItemID
            trackIDs = topLevel.filter { $0.type == BMFF.BoxType.moov }.flatMap { ItemEditor.trackIDs(in: bytes, moov: $0.range) }
        }

        /// An ID no item, entity group or track uses: ISO/IEC 14496-12 §8.18.3 has item_ID,
        /// track_ID and group_id share one space ("group_id ... shall not be equal to any
        /// other group_id, any item_ID, or any track_ID"), so an item given a group's ID would
        /// make the group's properties (ISO/IEC 23008-12 §9.3: ipma lists groups by that ID)
        /// its own. One more than the largest ID in use, or the smallest free one when that
        /// would not fit 32 bits; nil when every 32-bit ID is taken.
        package var nextItemID: UInt32? {
            var used = Set(infos.map(\.itemID))
            used.formUnion(locations.map(\.itemID))
            used.formUnion(associations.map(\.itemID))
            used.formUnion(references.flatMap { [$0.fromItemID] + $0.toItemIDs })
            used.formUnion(newData.map(\.id))
            used.formUnion(entityGroups.map(\.groupID))
            used.formUnion(trackIDs)
            let top = used.max() ?? 0
            if top < UInt32.max { return top + 1 }
            // §8.11.6.2: item_ID 0 is reserved; look from 1 up for a gap.
            var id: UInt32 = 1
            while used.contains(id) {
                guard id < UInt32.max else { return nil }
                id += 1
            }
            return id
        }

        /// Adds `item` and returns its ID.
        /// Throws `writeFieldOverflow` when no 32-bit ID is free.
        @discardableResult
        package mutating func add(_ item: NewItem) throws(ParseError) -> UInt32 {
            guard let id = nextItemID else {
                throw ParseError(.writeFieldOverflow, at: metaRange.lowerBound, path: "meta/iinf", "every 32-bit item ID is in use")
            }
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
        /// describe nothing else, the tiles (`dimg`) no other item uses, and the derived items
        /// (ISO/IEC 23008-12 §6.6.1) that take it as an input, such as the `tmap` tone-mapped
        /// image whose gain map it is (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4): a derived image
        /// without one of its inputs cannot be reconstructed. The primary item is never taken
        /// along as an input (`serialized()` refuses to remove it). An `altr` entity group loses
        /// the removed items and goes when fewer than two remain (§6.8.1: alternatives of one
        /// another). Returns every removed ID. `serialized()` then leaves out their bytes
        /// (`HEIF.RemovalPlan`).
        @discardableResult
        package mutating func remove(_ id: UInt32) -> [UInt32] {
            var gone: Set<UInt32> = [id]
            var grown = true
            while grown {
                let before = gone.count
                for ref in references where ref.type == BMFF.BoxType.cdsc && ref.toItemIDs.allSatisfy({ gone.contains($0) }) {
                    gone.insert(ref.fromItemID)
                }
                for ref in references where ref.type == BMFF.BoxType.dimg && ref.toItemIDs.contains(where: { gone.contains($0) }) {
                    gone.insert(ref.fromItemID)
                }
                let tiles = references.filter { $0.type == BMFF.BoxType.dimg && gone.contains($0.fromItemID) }.flatMap(\.toItemIDs)
                for t in tiles where t != primaryItemID && !references.contains(where: {
                    $0.type == BMFF.BoxType.dimg && !gone.contains($0.fromItemID) && $0.toItemIDs.contains(t)
                }) {
                    gone.insert(t)
                }
                grown = gone.count > before
            }
            // What the file held for them, so that `serialized()` can take their bytes out.
            removedLocations += locations.filter { gone.contains($0.itemID) }
            for g in gone where infos.contains(where: { $0.itemID == g }) || locations.contains(where: { $0.itemID == g })
                || associations.contains(where: { $0.itemID == g }) {
                removedIDs.insert(g)
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
            // §8.18.3 groups of another type that list a removed item are left as they are, and
            // `RemovalPlan` refuses them: what a group without a member means is that type's.
            var groups: [BMFF.EntityToGroupBox] = []
            for g in entityGroups {
                guard g.groupingType == BMFF.BoxType.altr, g.entityIDs.contains(where: { gone.contains($0) }) else {
                    groups.append(g)
                    continue
                }
                let left = g.entityIDs.filter { !gone.contains($0) }
                if left.count < 2 {
                    // ISO/IEC 23008-12 §9.3: ipma may list the group's ID; its properties go with it.
                    associations.removeAll { $0.itemID == g.groupID }
                    removedGroups.insert(g.offset)
                } else {
                    changedGroups.insert(g.offset)
                    groups.append(BMFF.EntityToGroupBox(groupingType: g.groupingType, fullBox: g.fullBox, groupID: g.groupID,
                                                        entityIDs: left, extra: g.extra, offset: g.offset))
                }
            }
            entityGroups = groups
            return gone.sorted()
        }

        /// The file with the rebuilt `meta`, the removed items' bytes taken out and, when items
        /// were added, a new `mdat` at the end.
        package func serialized() throws(ParseError) -> [UInt8] {
            if let cut = cutShort, !removedIDs.isEmpty || !removedLocations.isEmpty || !newData.isEmpty {
                // The items' bytes that an edit moves or takes out lie partly past the end; only
                // the file as it is can be copied.
                throw ParseError(.writeUnreadable, at: cut.fileSize, path: cut.boxType.map { "\($0)" } ?? "",
                                 "the file is \(cut.description), so items cannot be \(newData.isEmpty ? "removed" : "added")")
            }
            let plan = try RemovalPlan(self)
            let total = bytes.count + newData.reduce(0) { $0 + $1.bytes.count }
            // 4-byte fields while every offset fits with room for the meta's growth.
            let fieldSize = total < 0xF000_0000 ? 4 : 8
            // The iloc's size does not depend on the offsets it holds, so a draft gives the size.
            let draft = try meta(plan, shift: 0, mdatPayload: 0, fieldSize: fieldSize)
            guard let delta = draft.count -? metaRange.count else {
                throw ParseError(.arithmeticOverflow, at: metaRange.lowerBound, path: "meta")
            }
            if !tail.isEmpty, !newData.isEmpty {
                throw ParseError(.writeUnreadable, at: tail.lowerBound, path: "",
                                 "bytes \(tail.lowerBound)..<\(bytes.count) are not a whole box; a new mdat after them would be read as part of them")
            }
            var size = tail.count
            for box in topLevel { size += box.range == metaRange ? draft.count : box.range.count - plan.fileCuts.cut(in: box.range) }
            // Offsets after meta move when meta changes size, offsets after a cut move back: a
            // box that locates bytes by file offset and is not rewritten here would be wrong.
            if delta != 0 || !plan.fileCuts.isEmpty, let error = plan.chunksError { throw error }
            if delta != 0 || !plan.fileCuts.isEmpty, let at = plan.chunks?.itemLocationMetas.first {
                throw ParseError(.writeCannotRemove, at: at, path: "moov/meta",
                                 "a movie or track meta box locates items by file offset, which the writer does not move")
            }
            if delta != 0 || !plan.fileCuts.isEmpty,
               let fixed = topLevel.first(where: { ItemEditor.offsetHolders.contains($0.type) }) {
                throw ParseError(.writeCannotRemove, at: fixed.offset, path: "\(fixed.type)",
                                 "'\(fixed.type)' holds file offsets the writer does not move")
            }
            let mdatPayload = size + 8
            let final = try meta(plan, shift: delta, mdatPayload: mdatPayload, fieldSize: fieldSize)
            var out: [UInt8] = []
            out.reserveCapacity(mdatPayload + total - bytes.count)
            for box in topLevel {
                if box.range == metaRange {
                    out += final
                } else if plan.fileCuts.cut(in: box.range) == box.range.count {
                    continue  // an mdat left empty (RemovalPlan)
                } else if plan.fileCuts.cut(in: box.range) > 0 {
                    out += mediaData(box, without: plan.fileCuts)
                } else if box.type == BMFF.BoxType.moov, let chunks = plan.chunks {
                    out += try movie(box, chunks: chunks, plan: plan, shift: delta)
                } else {
                    out += bytes[box.range]
                }
            }
            out += bytes[tail]
            if !newData.isEmpty {
                var w = ByteWriter()
                BMFF.BoxWriter.box(BMFF.BoxType.mdat, to: &w) { w in for d in newData { w.append(d.bytes) } }
                out += w.bytes
            }
            return out
        }

        /// Top-level boxes that locate bytes by absolute file offset and that this writer does
        /// not rewrite (ISO/IEC 14496-12 §8.8 movie fragments, §8.16.3–4 segment indexes).
        static let offsetHolders: [FourCC] = [BMFF.BoxType.moof, BMFF.BoxType.mfra, BMFF.BoxType.sidx, BMFF.BoxType.ssix]

        /// Where the file byte at `offset` (one that is kept) is in the output: back by the
        /// bytes cut before it, on by `shift` when it lies after the old `meta`.
        func place(_ offset: Int, _ plan: RemovalPlan, shift: Int) -> Int? {
            let moved = plan.fileCuts.moved(offset)
            return offset >= metaRange.upperBound ? moved +? shift : moved
        }

        /// An `mdat` without the cut bytes; its header keeps its form (§4.2: a 32-bit size, a
        /// 64-bit largesize, or 0 for "to the end of the file", which stays true).
        func mediaData(_ box: BMFF.BoxHeader, without cuts: ByteCuts) -> [UInt8] {
            var header = Array(bytes[box.offset..<(box.offset + box.headerSize)])
            let size = box.size - cuts.cut(in: box.range)
            switch box.sizeForm {
            case .compact:
                var w = ByteWriter()
                w.u32(UInt32(truncatingIfNeeded: size))
                header.replaceSubrange(0..<4, with: w.bytes)
            case .large:
                var w = ByteWriter()
                w.u64(UInt64(truncatingIfNeeded: size))
                header.replaceSubrange(8..<16, with: w.bytes)
            case .toEnd: break
            }
            return header + cuts.keeping(bytes, in: box.payloadRange)
        }

        /// The `moov` box with every chunk offset (§8.7.5 `stco`, `co64`) moved as the bytes it
        /// locates move. A chunk is never cut (its bytes are kept), so one offset per chunk is enough.
        func movie(_ box: BMFF.BoxHeader, chunks: BMFF.TrackChunks, plan: RemovalPlan, shift: Int) throws(ParseError) -> [UInt8] {
            var out = Array(bytes[box.range])
            for c in chunks.chunks where box.range.contains(c.fieldOffset) {
                guard let moved = place(c.range.lowerBound, plan, shift: shift), moved >= 0 else {
                    throw ParseError(.arithmeticOverflow, at: c.fieldOffset, path: "moov")
                }
                var w = ByteWriter()
                if c.fieldSize == 8 {
                    w.u64(UInt64(moved))
                } else {
                    guard let v = UInt32(exactly: moved) else {
                        throw ParseError(.writeFieldOverflow, at: c.fieldOffset, path: "moov/trak/stco",
                                         "chunk offset \(moved) does not fit 32 bits")
                    }
                    w.u32(v)
                }
                let at = c.fieldOffset - box.offset
                out.replaceSubrange(at..<(at + c.fieldSize), with: w.bytes)
            }
            return out
        }
    }
}
