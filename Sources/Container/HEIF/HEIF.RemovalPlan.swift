extension HEIF {
    /// What `ItemEditor.serialized()` takes out of a file for the items removed from it.
    ///
    /// ISO/IEC 14496-12 §8.11.3: an item's data is the extents `iloc` gives it, in the file
    /// (construction method 0) or in `idat` (method 1). Extents may be shared, and a track's
    /// chunks (§8.7.5) may lie in the same `mdat`, so what is cut is what removed items locate
    /// minus what kept items and tracks locate: bytes that no item locates stay.
    /// ISO/IEC 23008-12 §9.3: a property no item (or entity group) is associated with any
    /// more is dropped and the others renumbered.
    struct RemovalPlan {
        /// Bytes cut from the file: inside `mdat` payloads, and whole `mdat` boxes left empty.
        let fileCuts: ByteCuts
        /// Bytes cut from `idat` (absolute file offsets inside its payload).
        let idatCuts: ByteCuts
        /// Chunks of the file's tracks, when it has a `moov` that could be read.
        let chunks: BMFF.TrackChunks?
        /// Why the tracks could not be read, when the file has a `moov` and they could not.
        let chunksError: WriteError?
        /// For each old 1-based property index, its new one (0: dropped); nil when all stay.
        let propertyIndexes: [Int]?

        /// The plan for `editor`'s removals, in five steps, each refusing what it cannot do.
        init(_ editor: ItemEditor) throws(WriteError) {
            (chunks, chunksError) = Self.trackChunks(editor)
            let kept = try Self.keptData(editor, chunks: chunks)
            let removed = try Self.removedData(editor, keptFile: kept.file)
            fileCuts = Self.fileCuts(editor, removing: removed.file, keeping: kept.file)
            idatCuts = ByteCuts(removing: removed.idat, keeping: kept.idat)
            try Self.requireReferencesKept(editor)
            propertyIndexes = try Self.propertyIndexes(editor)
        }

        /// The chunks of the file's tracks (§8.7.5), which may share an `mdat` with items, or
        /// why they could not be read.
        static func trackChunks(_ editor: ItemEditor) -> (BMFF.TrackChunks?, WriteError?) {
            guard let moov = editor.topLevel.first(where: { $0.type == BMFF.BoxType.moov }) else { return (nil, nil) }
            do throws(WriteError) {
                return (try BMFF.TrackChunks(parsing: editor.bytes, moov: moov.range), nil)
            } catch {
                return (nil, error)
            }
        }

        /// What stays located: kept items' extents and every track chunk.
        static func keptData(_ editor: ItemEditor, chunks: BMFF.TrackChunks?) throws(WriteError)
            -> (file: [Range<Int>], idat: [Range<Int>]) {
            let file = 0..<editor.bytes.count
            var keptFile = chunks?.chunks.map(\.range) ?? []
            var keptIdat: [Range<Int>] = []
            for it in editor.locations {
                switch it.constructionMethod {
                case .file: keptFile += RemovalPlan.ranges(it, in: file)
                case .idat: if let d = editor.idat { keptIdat += RemovalPlan.ranges(it, in: d) }
                case .item, .reserved:
                    // §8.11.3.1 method 2: the data is taken from the items its `iloc` references
                    // name by position; a removal that changed them would point it elsewhere.
                    let now = editor.references.filter { $0.type == BMFF.BoxType.iloc && $0.fromItemID == it.itemID }
                    let was = editor.originalReferences.filter { $0.type == BMFF.BoxType.iloc && $0.fromItemID == it.itemID }
                    guard now.map(\.toItemIDs) == was.map(\.toItemIDs) else {
                        throw WriteError(.cannotRemove, at: it.entryOffset, path: "meta/iloc/item[\(it.itemID)]",
                                         "item \(it.itemID) is built from removed items (construction method 2)")
                    }
                }
            }
            return (keptFile, keptIdat)
        }

        /// What removed items located, item by item so that a refusal can name the item.
        static func removedData(_ editor: ItemEditor, keptFile: [Range<Int>]) throws(WriteError)
            -> (file: [Range<Int>], idat: [Range<Int>]) {
            let file = 0..<editor.bytes.count
            var removedFile: [Range<Int>] = []
            var removedIdat: [Range<Int>] = []
            let mdats = editor.topLevel.filter { $0.type == BMFF.BoxType.mdat }.map(\.payloadRange)
            for it in editor.removedLocations {
                switch it.constructionMethod {
                case .file:
                    // §8.11.3.3: data_reference_index 0 is this file; another names a dref entry,
                    // which may be this file too or another one, and is not resolved here.
                    guard it.dataReferenceIndex == 0 else {
                        throw WriteError(.cannotRemove, at: it.entryOffset, path: "meta/iloc/item[\(it.itemID)]",
                                         "item \(it.itemID)'s data is located through data reference \(it.dataReferenceIndex)")
                    }
                    let own = ByteCuts(removing: RemovalPlan.ranges(it, in: file), keeping: keptFile)
                    // §8.1.1: mdat holds media data and nothing a reader parses, so bytes can go
                    // from it; anywhere else they belong to a box that would have to change.
                    for r in own.ranges where !mdats.contains(where: { $0.contains(r.lowerBound) && r.upperBound <= $0.upperBound }) {
                        throw WriteError(.cannotRemove, at: it.entryOffset, path: "meta/iloc/item[\(it.itemID)]",
                                         "item \(it.itemID)'s data at \(r.lowerBound)..<\(r.upperBound) is not inside an mdat")
                    }
                    removedFile += own.ranges
                case .idat:
                    if let d = editor.idat { removedIdat += RemovalPlan.ranges(it, in: d) }
                case .item, .reserved: break
                }
            }
            return (removedFile, removedIdat)
        }

        /// The file's bytes that go: what removed items located and kept ones do not, and an
        /// `mdat` whose every byte was a removed item's goes whole, header too: an empty box
        /// says nothing (§8.1.1), and an edit that removes and adds (embed --replace) would
        /// otherwise grow the file by one 8-byte header each time.
        static func fileCuts(_ editor: ItemEditor, removing removed: [Range<Int>], keeping kept: [Range<Int>]) -> ByteCuts {
            let cuts = ByteCuts(removing: removed, keeping: kept)
            let emptied = editor.topLevel.filter { box in
                box.type == BMFF.BoxType.mdat && !box.payloadRange.isEmpty
                    && cuts.cut(in: box.payloadRange) == box.payloadRange.count
                    && !kept.contains(where: { $0.overlaps(box.range) })
            }
            return emptied.isEmpty ? cuts : ByteCuts(removing: removed + emptied.map(\.range), keeping: kept)
        }

        /// Refuses a removal that would leave the file naming what is gone: the primary item,
        /// or an entity group's member.
        static func requireReferencesKept(_ editor: ItemEditor) throws(WriteError) {
            // ISO/IEC 14496-12 §8.11.4 (pitm): the primary item is what a reader shows; a file
            // without it is no image.
            if let primary = editor.primaryItemID, editor.removedIDs.contains(primary) {
                throw WriteError(.cannotRemove, at: editor.metaRange.lowerBound, path: "meta/pitm",
                                 "item \(primary) is the primary item")
            }
            // §8.18.3: an entity group lists item IDs; one that names a removed item would
            // name nothing. `ItemEditor.remove` takes removed items out of `altr` groups; what
            // a group of another type means without a member is that type's to say.
            for g in editor.entityGroups {
                if let id = g.entityIDs.first(where: { editor.removedIDs.contains($0) }) {
                    throw WriteError(.cannotRemove, at: g.offset, path: "meta/grpl/\(g.groupingType)",
                                     "group \(g.groupID) lists removed item \(id)")
                }
            }
        }

        /// For each old 1-based property index, its new one (0: dropped), when items go:
        /// ISO/IEC 23008-12 §9.3, a property no item is associated with any more is dropped
        /// and the others renumbered.
        static func propertyIndexes(_ editor: ItemEditor) throws(WriteError) -> [Int]? {
            guard !editor.removedIDs.isEmpty else { return nil }
            var used = Set<Int>()
            for e in editor.associations {
                for a in e.associations where a.propertyIndex != 0 {
                    guard a.propertyIndex <= editor.properties.count else {
                        throw WriteError(.unreadable, at: e.offset, path: "meta/iprp/ipma/item[\(e.itemID)]",
                                         "property \(a.propertyIndex) of \(editor.properties.count) cannot be renumbered")
                    }
                    used.insert(a.propertyIndex)
                }
            }
            var map = [0]
            var next = 0
            for i in 0..<editor.properties.count {
                if used.contains(i + 1) { next += 1; map.append(next) } else { map.append(0) }
            }
            return map
        }

        func keepsProperty(_ index: Int) -> Bool {
            guard let m = propertyIndexes, index > 0, index < m.count else { return true }
            return m[index] != 0
        }

        func newPropertyIndex(_ index: Int) -> Int {
            guard let m = propertyIndexes, index > 0, index < m.count else { return index }
            return m[index]
        }

        /// The bytes an item's extents cover inside `source` (the file or `idat`'s payload),
        /// cut short where an extent runs past it.
        static func ranges(_ it: BMFF.ItemLocationBox.Item, in source: Range<Int>) -> [Range<Int>] {
            it.extents.compactMap { e in
                guard let b = Int(exactly: it.baseOffset), let o = Int(exactly: e.offset), let rel = b +? o,
                      let start = source.lowerBound +? rel, start < source.upperBound else { return nil }
                // §8.11.3.3: a length of 0 runs to the end of the source.
                let length = e.length == 0 ? source.upperBound - start : Int(exactly: e.length) ?? Int.max
                return start..<min((start +? length) ?? source.upperBound, source.upperBound)
            }
        }

        /// An extent's absolute start and length inside `source`, when it lies inside it.
        static func extent(_ it: BMFF.ItemLocationBox.Item, _ e: BMFF.ItemLocationBox.Extent,
                           in source: Range<Int>) -> (Int, Int)? {
            guard let b = Int(exactly: it.baseOffset), let o = Int(exactly: e.offset), let rel = b +? o,
                  let start = source.lowerBound +? rel, start <= source.upperBound else { return nil }
            let length = e.length == 0 ? source.upperBound - start : Int(exactly: e.length)
            guard let len = length, let end = start +? len, end <= source.upperBound else { return nil }
            return (start, len)
        }
    }
}
