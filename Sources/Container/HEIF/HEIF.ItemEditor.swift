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
    /// not read makes `init` throw `WriteError.unreadable`; bytes after the last box it could read
    /// (a truncated box) are copied as they are.
    ///
    /// A file cut short (`cutShort`: its last box or an item's extents run past its end) is
    /// written again only as it is: extents past the end keep pointing past it, moved only
    /// with `meta`'s size. Adding or removing items throws `WriteError.unreadable` instead: the
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
        /// The bytes of every `infe` read from the file, by box offset: written as they were
        /// (a version 1 entry's ItemInfoExtension included, which the parser does not keep).
        let infeBytes: [Int: [UInt8]]
        let indexSize: Int
        /// Payload of `idat` (construction method 1 offsets count from its start).
        let idat: Range<Int>?
        /// The items, references, properties and groups as edited so far.
        package private(set) var graph: EditableItemGraph

        package var infos: [BMFF.ItemInfoEntry] { graph.infos }
        package var references: [BMFF.ItemReference] { graph.references }
        var originalReferences: [BMFF.ItemReference] { graph.originalReferences }
        package var properties: [[UInt8]] { graph.properties }
        package var associations: [HEIF.ItemPropertyAssociation.Entry] { graph.associations }
        var locations: [BMFF.ItemLocationBox.Item] { graph.locations }
        package var entityGroups: [BMFF.EntityToGroupBox] { graph.entityGroups }
        var removedGroups: Set<Int> { graph.removedGroups }
        var changedGroups: Set<Int> { graph.changedGroups }
        var primaryItemID: UInt32? { graph.primaryItemID }
        var newData: [(id: UInt32, bytes: [UInt8])] { graph.newData }
        var removedLocations: [BMFF.ItemLocationBox.Item] { graph.removedLocations }
        var removedIDs: Set<UInt32> { graph.removedIDs }

        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(WriteError) {
            try self.init(WriteError.reading(try HEIF.File(parsing: bytes, limits: limits)), bytes: bytes)
        }

        package init(_ file: HEIF.File, bytes: [UInt8]) throws(WriteError) {
            self.bytes = bytes
            metaRange = file.meta.header.range
            topLevel = file.topLevelBoxes
            guard let last = topLevel.last?.range, last.upperBound <= bytes.count, metaRange.upperBound <= bytes.count else {
                throw WriteError(.notAnImage, at: bytes.count, path: "", "a top-level box runs past the end of the file")
            }
            tail = last.upperBound..<bytes.count
            cutShort = CutShort(file, bytes: bytes)
            // meta is a FullBox (§8.11.1): 4 bytes of version and flags before its children.
            let payload = file.meta.header.payloadRange
            guard payload.count >= 4 else { throw WriteError(ParseError(.truncated, at: payload.lowerBound, path: "meta")) }
            metaFullBox = Array(bytes[payload.lowerBound..<(payload.lowerBound + 4)])
            var children: [(type: FourCC, range: Range<Int>)] = []
            var r = try WriteError.reading(try ByteReader(bytes, range: (payload.lowerBound + 4)..<payload.upperBound, path: "meta"))
            while !r.isAtEnd {
                let h = try WriteError.reading(try BMFF.BoxHeader(parsing: &r))
                children.append((h.type, h.range))
                try WriteError.reading(try r.seek(toAbsolute: h.range.upperBound))
            }
            metaChildren = children
            infeBytes = try ItemEditor.checkReadable(file, bytes: bytes, metaChildren: children)
            var props: [[UInt8]] = []
            for (i, p) in (file.meta.itemProperties?.container?.properties ?? []).enumerated() {
                guard p.index == i + 1, p.range.upperBound <= bytes.count else {
                    throw WriteError(.notAnImage, at: p.range.lowerBound, path: "meta/iprp/ipco",
                                     "property \(i + 1) cannot be copied")
                }
                props.append(Array(bytes[p.range]))
            }
            let iloc = file.meta.itemLocation
            indexSize = iloc?.indexSize ?? 0
            idat = file.meta.idat
            graph = EditableItemGraph(
                infos: file.meta.itemInfo?.entries ?? [], references: file.meta.itemReference?.references ?? [],
                properties: props, associations: (file.meta.itemProperties?.associations ?? []).flatMap(\.entries),
                locations: iloc?.items ?? [], entityGroups: file.entityGroups, primaryItemID: file.primaryItemID,
                trackIDs: topLevel.filter { $0.type == BMFF.BoxType.moov }.flatMap { ItemEditor.trackIDs(in: bytes, moov: $0.range) },
                metaOffset: metaRange.lowerBound)
        }

        /// An ID no item, entity group or track uses (`EditableItemGraph.nextItemID`).
        package var nextItemID: UInt32? { graph.nextItemID }

        /// Adds `item` and returns its ID (`EditableItemGraph.add(_:)`).
        @discardableResult
        package mutating func add(_ item: NewItem) throws(WriteError) -> UInt32 { try graph.add(item) }

        /// Removes an item with what exists only for it, and returns every removed ID
        /// (`EditableItemGraph.remove(_:)`). `serialized()` then leaves out their bytes
        /// (`HEIF.RemovalPlan`).
        @discardableResult
        package mutating func remove(_ id: UInt32) -> [UInt32] { graph.remove(id) }

        /// The file with the rebuilt `meta`, the removed items' bytes taken out and, when items
        /// were added, a new `mdat` at the end.
        package func serialized() throws(WriteError) -> [UInt8] {
            if let cut = cutShort, !removedIDs.isEmpty || !removedLocations.isEmpty || !newData.isEmpty {
                // The items' bytes that an edit moves or takes out lie partly past the end; only
                // the file as it is can be copied.
                throw WriteError(.unreadable, at: cut.fileSize, path: cut.boxType.map { "\($0)" } ?? "",
                                 "the file is \(cut.description), so items cannot be \(newData.isEmpty ? "removed" : "added")")
            }
            let plan = try RemovalPlan(self)
            let total = bytes.count + newData.reduce(0) { $0 + $1.bytes.count }
            // 4-byte fields while every offset fits with room for the meta's growth.
            let fieldSize = total < 0xF000_0000 ? 4 : 8
            // The iloc's size does not depend on the offsets it holds, so a draft gives the size.
            let draft = try meta(plan, shift: 0, mdatPayload: 0, fieldSize: fieldSize)
            guard let delta = draft.count -? metaRange.count else {
                throw WriteError(ParseError(.arithmeticOverflow, at: metaRange.lowerBound, path: "meta"))
            }
            if !tail.isEmpty, !newData.isEmpty {
                throw WriteError(.unreadable, at: tail.lowerBound, path: "",
                                 "bytes \(tail.lowerBound)..<\(bytes.count) are not a whole box; a new mdat after them would be read as part of them")
            }
            var size = tail.count
            for box in topLevel { size += box.range == metaRange ? draft.count : box.range.count - plan.fileCuts.cut(in: box.range) }
            // Offsets after meta move when meta changes size, offsets after a cut move back: a
            // box that locates bytes by file offset and is not rewritten here would be wrong.
            if delta != 0 || !plan.fileCuts.isEmpty, let error = plan.chunksError { throw error }
            if delta != 0 || !plan.fileCuts.isEmpty, let at = plan.chunks?.itemLocationMetas.first {
                throw WriteError(.cannotRemove, at: at, path: "moov/meta",
                                 "a movie or track meta box locates items by file offset, which the writer does not move")
            }
            if delta != 0 || !plan.fileCuts.isEmpty,
               let fixed = topLevel.first(where: { ItemEditor.offsetHolders.contains($0.type) }) {
                throw WriteError(.cannotRemove, at: fixed.offset, path: "\(fixed.type)",
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
                w.u32(UInt32(truncatingIfNeeded: size))  // no more than the size this field held
                header.replaceSubrange(0..<4, with: w.bytes)
            case .large:
                var w = ByteWriter()
                w.u64(UInt64(truncatingIfNeeded: size))  // no more than the size this field held
                header.replaceSubrange(8..<16, with: w.bytes)
            case .toEnd: break
            }
            return header + cuts.keeping(bytes, in: box.payloadRange)
        }

        /// The `moov` box with every chunk offset (§8.7.5 `stco`, `co64`) moved as the bytes it
        /// locates move. A chunk is never cut (its bytes are kept), so one offset per chunk is enough.
        func movie(_ box: BMFF.BoxHeader, chunks: BMFF.TrackChunks, plan: RemovalPlan, shift: Int) throws(WriteError) -> [UInt8] {
            var out = Array(bytes[box.range])
            for c in chunks.chunks where box.range.contains(c.fieldOffset) {
                guard let moved = place(c.range.lowerBound, plan, shift: shift), moved >= 0 else {
                    throw WriteError(ParseError(.arithmeticOverflow, at: c.fieldOffset, path: "moov"))
                }
                var w = ByteWriter()
                if c.fieldSize == 8 {
                    w.u64(UInt64(moved))
                } else {
                    guard let v = UInt32(exactly: moved) else {
                        throw WriteError(.fieldOverflow, at: c.fieldOffset, path: "moov/trak/stco",
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
