extension BMFF {
    /// `dinf` and the `dref` inside it: where item data lives when it is not in this file.
    /// ISO/IEC 14496-12 §8.7.1 DataInformationBox (a container), §8.7.2 DataReferenceBox
    /// (`FullBox('dref', 0, 0) { unsigned int(32) entry_count; DataEntryBox entries[] }`), each
    /// entry a FullBox (`url `, `urn `, `imdt`, `snim`) whose flag 1 says the data is in this
    /// file; `iloc`'s data_reference_index counts from 1 into the entries (§8.11.3.3).
    ///
    /// Each box is read as a box within its parent at every depth, so an entry or a `dref`
    /// that runs past its parent is an issue (as for every other box of `meta`), not something
    /// read past; an entry's own payload (its location string) is kept as bytes.
    package struct DataInformationBox: Sendable, Equatable {
        package struct Entry: Sendable, Equatable {
            package let type: FourCC
            package let fullBox: FullBoxHeader
            /// The rest of the entry: a NUL-terminated URL, a name and a URL, or nothing.
            package let payload: [UInt8]
            package let offset: Int

            package init(type: FourCC, fullBox: FullBoxHeader, payload: [UInt8], offset: Int) {
                self.type = type
                self.fullBox = fullBox
                self.payload = payload
                self.offset = offset
            }

            /// §8.7.2.3: flag 1, the media data is in the same file.
            package var isSelfContained: Bool { fullBox.flags & 1 != 0 }
        }

        /// The `dref` box's header; nil when `dinf` holds none.
        package let referenceHeader: FullBoxHeader?
        /// The `dref` box's entry_count as written (the entries read may be fewer).
        package let entryCount: UInt32?
        package let entries: [Entry]

        package init(referenceHeader: FullBoxHeader?, entryCount: UInt32?, entries: [Entry]) {
            self.referenceHeader = referenceHeader
            self.entryCount = entryCount
            self.entries = entries
        }

        package init(parsing r: inout ByteReader, context: inout ParseContext, depth: Int) throws(ParseError) {
            var header: FullBoxHeader?
            var count: UInt32?
            var list: [Entry] = []
            for child in try context.children(of: &r, depth: depth) where child.type == BoxType.dref && header == nil {
                var c = child.content
                let full = try FullBoxHeader(parsing: &c)
                header = full
                count = try c.readU32()
                let base = c.path
                try context.forEachChild(of: &c, depth: depth + 1, label: { t, i in .child(of: base, t, at: i) }) { box, _, context in
                    var e = box.content
                    do throws(ParseError) {
                        let f = try FullBoxHeader(parsing: &e)
                        list.append(Entry(type: box.type, fullBox: f, payload: Array(e.readRest()), offset: box.header.offset))
                    } catch {
                        context.issues.append(error)
                    }
                    return list.count < context.limits.maxItems
                }
            }
            referenceHeader = header
            entryCount = count
            entries = list
        }

        /// The whole `dinf` box.
        package func write(to w: inout ByteWriter) {
            BoxWriter.box(BoxType.dinf, to: &w) { w in
                guard let header = referenceHeader else { return }
                BoxWriter.fullBox(BoxType.dref, header, to: &w) { w in
                    if let entryCount { w.u32(entryCount) } else { w.u32(fitting: entries.count, "dref entry_count") }
                    for e in entries {
                        BoxWriter.fullBox(e.type, e.fullBox, to: &w) { w in w.append(e.payload) }
                    }
                }
            }
        }
    }
}
