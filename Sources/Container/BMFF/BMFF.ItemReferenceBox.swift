extension BMFF {
    /// `iref`: typed links between items.
    /// ISO/IEC 14496-12 §8.11.12 ItemReferenceBox.
    ///
    /// ```
    /// FullBox('iref', version, 0)
    /// SingleItemTypeReferenceBox(version == 0 ? 16 : 32 bit IDs) references[];   // to end of box
    /// aligned(8) class SingleItemTypeReferenceBox(referenceType) extends Box(referenceType) {
    ///   unsigned int(16 or 32) from_item_ID;
    ///   unsigned int(16) reference_count;
    ///   unsigned int(16 or 32) to_item_ID[reference_count];
    /// }
    /// ```
    /// Every child type is kept (`auxl`, `cdsc`, `dimg`, `thmb`, `base` and any other). A broken
    /// child becomes an issue; the others are still read.
    package struct ItemReferenceBox: Sendable, Equatable {
        package let fullBox: FullBoxHeader
        package let references: [ItemReference]

        package init(parsing r: inout ByteReader, context: inout ParseContext, depth: Int) throws(ParseError) {
            fullBox = try FullBoxHeader(parsing: &r)
            try fullBox.require(maxVersion: 1, at: r.start, path: r.path)
            let idSize = fullBox.version == 0 ? 2 : 4
            let base = r.path
            var list: [ItemReference] = []
            var total = 0
            try context.forEachChild(of: &r, depth: depth, label: { t, i in .child(of: base, t, at: i) }) { box, _, context in
                var c = box.content
                do throws(ParseError) {
                    let from = idSize == 2 ? UInt32(try c.readU16()) : try c.readU32()
                    let countOffset = c.position
                    let count = Int(try c.readU16())
                    total = (total +? count) ?? Int.max
                    try context.limits.check(total, context.limits.maxReferences, "item references",
                                             at: countOffset, path: c.path)
                    guard let need = count *? idSize, need <= c.remaining else {
                        throw ParseError(.truncated, at: countOffset, path: c.path,
                                         "reference_count \(count) needs more than the \(c.remaining) bytes left")
                    }
                    var to: [UInt32] = []
                    to.reserveCapacity(count)
                    for _ in 0..<count { to.append(idSize == 2 ? UInt32(try c.readU16()) : try c.readU32()) }
                    try c.expectEnd("\(box.type) reference")
                    list.append(ItemReference(type: box.type, fromItemID: from, toItemIDs: to, offset: box.header.offset))
                } catch {
                    context.issues.append(error)
                    // Past maxReferences every further child would fail the same way.
                    if error.code == .limitExceeded { return false }
                }
                return true
            }
            references = list
        }

        package init(fullBox: FullBoxHeader, references: [ItemReference]) {
            self.fullBox = fullBox
            self.references = references
        }

        /// The whole `iref` box; version 0 writes 16-bit item IDs, version 1 32-bit ones.
        package func write(to w: inout ByteWriter) {
            BoxWriter.fullBox(BoxType.iref, fullBox, to: &w) { w in
                for r in references {
                    BoxWriter.box(r.type, to: &w) { w in
                        func id(_ x: UInt32) { if fullBox.version == 0 { w.u16(fitting: x, "iref item_ID") } else { w.u32(x) } }
                        id(r.fromItemID)
                        w.u16(fitting: r.toItemIDs.count, "iref reference_count")
                        for t in r.toItemIDs { id(t) }
                    }
                }
            }
        }
    }
}
