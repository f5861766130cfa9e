extension HEIF.ItemEditor {
    // The rebuilt `meta` (ISO/IEC 14496-12 §8.11; ISO/IEC 23008-12 §9.3): what `serialized()`
    // writes in place of the old one.

    /// The `meta` box: its children in their order with `iinf`, `iref`, `iprp`, `iloc` and
    /// (when removed items had data there) `idat` rebuilt; file offsets move as `place`
    /// says, new data starts at `mdatPayload`.
    func meta(_ plan: HEIF.RemovalPlan, shift: Int, mdatPayload: Int, fieldSize: Int) throws(WriteError) -> [UInt8] {
        let iloc = try itemLocations(plan, shift: shift, mdatPayload: mdatPayload, fieldSize: fieldSize)
        var w = ByteWriter()
        var wroteIref = false
        try BMFF.BoxWriter.throwingBox(BMFF.BoxType.meta, to: &w) { w throws(WriteError) in
            w.append(metaFullBox)
            for child in metaChildren {
                switch child.type {
                case BMFF.BoxType.iinf: writeItemInfo(to: &w)
                case BMFF.BoxType.iloc: iloc.write(to: &w)
                case BMFF.BoxType.iprp: writeProperties(plan, to: &w)
                case BMFF.BoxType.grpl: try WriteError.reading(try writeGroups(child.range, to: &w))
                case BMFF.BoxType.iref:
                    if !references.isEmpty { referenceBox.write(to: &w) }
                    wroteIref = true
                case BMFF.BoxType.idat where !plan.idatCuts.isEmpty:
                    // §8.11.11: idat is a plain box of item data.
                    if let d = idat {
                        BMFF.BoxWriter.box(BMFF.BoxType.idat, to: &w) { w in w.append(plan.idatCuts.keeping(bytes, in: d)) }
                    }
                default: w.append(bytes[child.range])
                }
            }
            // A file with no iref gets one when items now refer to others (§8.11.12).
            if !wroteIref, !references.isEmpty { referenceBox.write(to: &w) }
        }
        return try w.finished(path: "meta")
    }

    var referenceBox: BMFF.ItemReferenceBox {
        let wide = references.contains { $0.fromItemID > 0xFFFF || $0.toItemIDs.contains { $0 > 0xFFFF } }
        return BMFF.ItemReferenceBox(fullBox: BMFF.FullBoxHeader(version: wide ? 1 : 0, flags: 0), references: references)
    }

    /// §8.11.6: version 0 counts entries in 16 bits, version 1 in 32. An entry read from the
    /// file is written with the bytes it had.
    func writeItemInfo(to w: inout ByteWriter) {
        BMFF.ItemInfoBox.write(infos, to: &w) { infeBytes[$0.offset] }
    }

    /// ISO/IEC 23008-12 §9.3.1: one `ipco`, then one `ipma`; after removals only the
    /// properties something is still associated with, renumbered in their order.
    func writeProperties(_ plan: HEIF.RemovalPlan, to w: inout ByteWriter) {
        BMFF.BoxWriter.box(BMFF.BoxType.iprp, to: &w) { w in
            BMFF.BoxWriter.box(BMFF.BoxType.ipco, to: &w) { w in
                for (i, p) in properties.enumerated() where plan.keepsProperty(i + 1) { w.append(p) }
            }
            let renumbered = associations.map { e in
                HEIF.ItemPropertyAssociation.Entry(itemID: e.itemID, associations: e.associations.map {
                    .init(essential: $0.essential, propertyIndex: plan.newPropertyIndex($0.propertyIndex), offset: 0)
                }, offset: 0)
            }
            HEIF.ItemPropertyAssociation(entries: renumbered).write(to: &w)
        }
    }

    /// Every item's extents as absolute file offsets (base offset folded in, a length of 0
    /// "to the end" made explicit), placed where `place` puts them; `idat` offsets moved
    /// back by the `idat` bytes cut before them.
    func itemLocations(_ plan: HEIF.RemovalPlan, shift: Int, mdatPayload: Int, fieldSize: Int) throws(WriteError) -> BMFF.ItemLocationBox {
        var items: [BMFF.ItemLocationBox.Item] = []
        let limit: UInt64 = fieldSize == 4 ? UInt64(UInt32.max) : UInt64.max
        func fit(_ v: Int, _ item: UInt32) throws(WriteError) -> UInt64 {
            guard v >= 0, let x = UInt64(exactly: v), x <= limit else {
                throw WriteError(.fieldOverflow, at: metaRange.lowerBound, path: "meta/iloc/item[\(item)]",
                                 "\(v) does not fit \(fieldSize) bytes")
            }
            return x
        }
        for it in locations {
            if it.constructionMethod == .idat, !plan.idatCuts.isEmpty, let d = idat {
                // §8.11.3.3: offsets count from the start of idat's data; the kept bytes close up.
                var extents: [BMFF.ItemLocationBox.Extent] = []
                for e in it.extents {
                    guard let (abs, len) = HEIF.RemovalPlan.extent(it, e, in: d) else {
                        throw WriteError(.unreadable, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]",
                                         "the extent does not lie in idat, so it cannot be moved")
                    }
                    extents.append(.init(index: e.index, offset: try fit(plan.idatCuts.moved(abs) - d.lowerBound, it.itemID),
                                         length: try fit(len, it.itemID), entryOffset: 0))
                }
                items.append(.init(itemID: it.itemID, constructionMethod: .idat, dataReferenceIndex: it.dataReferenceIndex,
                                   baseOffset: 0, extents: extents, entryOffset: 0))
                continue
            }
            guard it.constructionMethod == .file else {
                // idat (1) and item (2) offsets are relative to boxes that do not move; the
                // base offset is folded into them, as the new iloc has none.
                var extents: [BMFF.ItemLocationBox.Extent] = []
                for e in it.extents {
                    let (sum, over) = it.baseOffset.addingReportingOverflow(e.offset)
                    guard !over, sum <= limit, e.length <= limit else {
                        throw WriteError(.fieldOverflow, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]")
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
                    throw WriteError(.fieldOverflow, at: it.entryOffset, path: "meta/iloc/item[\(it.itemID)]")
                }
                let length = e.length == 0 ? bytes.count -? start : Int(exactly: e.length)
                guard let len = length, len >= 0 else {
                    throw WriteError(.fieldOverflow, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]")
                }
                if start < metaRange.upperBound, start +? len ?? Int.max > metaRange.lowerBound, start >= metaRange.lowerBound {
                    throw WriteError(.notAnImage, at: e.entryOffset, path: "meta/iloc/item[\(it.itemID)]",
                                     "an extent inside meta cannot be moved")
                }
                guard let m = place(start, plan, shift: shift) else {
                    throw WriteError(ParseError(.arithmeticOverflow, at: e.entryOffset, path: "meta/iloc"))
                }
                extents.append(.init(index: e.index, offset: try fit(m, it.itemID), length: try fit(len, it.itemID),
                                     entryOffset: 0))
            }
            items.append(.init(itemID: it.itemID, constructionMethod: .file, dataReferenceIndex: it.dataReferenceIndex,
                               baseOffset: 0, extents: extents, entryOffset: 0))
        }
        var at = mdatPayload
        for d in newData {
            items.append(.init(itemID: d.id, constructionMethod: .file, dataReferenceIndex: 0, baseOffset: 0,
                               extents: [.init(index: 0, offset: try fit(at, d.id), length: try fit(d.bytes.count, d.id),
                                               entryOffset: 0)], entryOffset: 0))
            at += d.bytes.count
        }
        return try BMFF.ItemLocationBox(items: items, fieldSize: fieldSize, indexSize: indexSize)
    }
}
