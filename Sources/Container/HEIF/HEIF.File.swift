extension HEIF {
    /// The item graph of a HEIF file: items, properties, references and locations.
    /// ISO/IEC 23008-12 §6 (image items), ISO/IEC 14496-12 §8.11 (the `meta` box).
    ///
    /// Reading looks only at box structure and at small payloads (grid descriptors and the
    /// 4-byte Exif prefix). Coded image data, including the primary image and auxiliary
    /// pixels, is located through `iloc` but never read.
    ///
    /// Problems that leave the rest of the file readable are collected in `issues`; only a
    /// file without `ftyp` or `meta`, or whose `meta` cannot be delimited, throws.
    public struct File: Sendable {
        public let fileType: BMFF.FileTypeBox
        /// Headers of the top-level boxes, in file order.
        public let topLevelBoxes: [BMFF.BoxHeader]
        public let metaRange: Range<Int>
        public let handler: BMFF.HandlerBox?
        public let primaryItemID: UInt32?
        /// Items in `iinf` order (first of each ID).
        public let items: [Item]
        /// `ipco` properties in order (index = position + 1).
        public let properties: [PropertyBox]
        public let references: [BMFF.ItemReference]
        public let locations: [BMFF.ItemLocationBox.Item]
        /// Payload of `idat`, when present.
        public let idatRange: Range<Int>?
        /// Absolute data ranges per item, resolved from `iloc` (construction methods 0 and 1).
        public let dataRanges: [UInt32: [Range<Int>]]
        /// Grid descriptors of `grid` items.
        public let grids: [UInt32: ImageGrid]
        /// Every non-fatal problem found.
        public let issues: [ParseError]

        private let index: [UInt32: Int]

        // MARK: - Lookups

        public func item(_ id: UInt32) -> Item? { index[id].map { items[$0] } }
        public var primaryItem: Item? { primaryItemID.flatMap { item($0) } }

        public func properties(of id: UInt32) -> [AssociatedProperty] { item(id)?.properties ?? [] }

        public func ispe(of id: UInt32) -> ImageSpatialExtents? {
            for p in properties(of: id) { if case .ispe(let v) = p.value { return v } }
            return nil
        }

        public func auxC(of id: UInt32) -> AuxiliaryTypeProperty? {
            for p in properties(of: id) { if case .auxC(let v) = p.value { return v } }
            return nil
        }

        public func hvcC(of id: UInt32) -> HEVCConfiguration? {
            for p in properties(of: id) { if case .hvcC(let v) = p.value { return v } }
            return nil
        }

        /// `irot`, `imir` and `clap` of an item in `ipma` order, the order they apply in
        /// (ISO/IEC 23008-12 §6.5.1).
        public func transforms(of id: UInt32) -> [ItemProperty] {
            properties(of: id).map(\.value).filter(\.isTransform)
        }

        /// `to` items of every `type` reference from `id`, in order.
        public func references(from id: UInt32, type: FourCC) -> [UInt32] {
            (referencesFrom[id] ?? []).map { references[$0] }.filter { $0.type == type }.flatMap(\.toItemIDs)
        }

        /// Items with a `type` reference to `id`.
        public func items(referencing id: UInt32, type: FourCC) -> [UInt32] {
            (referencesTo[id] ?? []).map { references[$0] }.filter { $0.type == type }.map(\.fromItemID)
        }

        /// Input images of a derived item (`dimg`), in reference order: the tiles of a grid.
        public func tiles(of id: UInt32) -> [UInt32] { references(from: id, type: BMFF.BoxType.dimg) }

        /// Thumbnails of an image (`thmb`: from = thumbnail, to = master).
        public func thumbnails(of id: UInt32) -> [UInt32] { items(referencing: id, type: BMFF.BoxType.thmb) }

        /// Every auxiliary image (each `from` of an `auxl`), in reference order.
        public private(set) var auxiliaryImages: [AuxiliaryImage] = []

        private func findAuxiliaryImages() -> [AuxiliaryImage] {
            var seen = Set<UInt32>()
            var out: [AuxiliaryImage] = []
            for ref in references where ref.type == BMFF.BoxType.auxl && !seen.contains(ref.fromItemID) {
                seen.insert(ref.fromItemID)
                let id = ref.fromItemID
                let c = auxC(of: id)
                out.append(AuxiliaryImage(itemID: id, itemType: item(id)?.type ?? FourCC(rawValue: 0),
                                          auxType: c?.auxType, subtypeRange: c?.subtypeRange,
                                          masterIDs: references(from: id, type: BMFF.BoxType.auxl), ispe: ispe(of: id)))
            }
            return out
        }

        /// Auxiliary images whose masters include `id`.
        public func auxiliaryImages(of id: UInt32) -> [AuxiliaryImage] {
            (auxiliaryByMaster[id] ?? []).map { auxiliaryImages[$0] }
        }

        /// Metadata items (`cdsc` from) describing `id`.
        public func metadata(describing id: UInt32) -> [MetadataItem] {
            (metadataByDescribed[id] ?? []).map { metadataItems[$0] }
        }

        /// Every item that is the `from` of a `cdsc` reference.
        public private(set) var metadataItems: [MetadataItem] = []

        private func findMetadataItems() -> [MetadataItem] {
            var seen = Set<UInt32>()
            var out: [MetadataItem] = []
            for ref in references where ref.type == BMFF.BoxType.cdsc && !seen.contains(ref.fromItemID) {
                seen.insert(ref.fromItemID)
                if let m = metadataItem(ref.fromItemID) { out.append(m) }
            }
            return out
        }

        // Indexes built once at the end of parsing, so that every lookup above costs in
        // proportion to its answer rather than to the number of references: a file with tens
        // of thousands of references would otherwise take quadratic (or worse) time.
        /// Positions in `references` of the references from an item, in order.
        private var referencesFrom: [UInt32: [Int]] = [:]
        /// Positions in `references` of the references naming an item among their `to` items.
        private var referencesTo: [UInt32: [Int]] = [:]
        /// Positions in `auxiliaryImages` of the aux images of each master.
        private var auxiliaryByMaster: [UInt32: [Int]] = [:]
        /// Positions in `metadataItems` of the items describing each item.
        private var metadataByDescribed: [UInt32: [Int]] = [:]

        private mutating func buildIndexes() {
            for (i, ref) in references.enumerated() {
                referencesFrom[ref.fromItemID, default: []].append(i)
                var named = Set<UInt32>()
                for to in ref.toItemIDs where named.insert(to).inserted { referencesTo[to, default: []].append(i) }
            }
            auxiliaryImages = findAuxiliaryImages()
            for (i, a) in auxiliaryImages.enumerated() {
                var named = Set<UInt32>()
                for m in a.masterIDs where named.insert(m).inserted { auxiliaryByMaster[m, default: []].append(i) }
            }
            metadataItems = findMetadataItems()
            for (i, m) in metadataItems.enumerated() {
                var named = Set<UInt32>()
                for d in m.describedItemIDs where named.insert(d).inserted { metadataByDescribed[d, default: []].append(i) }
            }
        }

        private func metadataItem(_ id: UInt32) -> MetadataItem? {
            guard let it = item(id) else { return nil }
            let kind: MetadataItem.Kind
            if it.type == BMFF.BoxType.exif {
                kind = .exif
            } else if it.type == BMFF.BoxType.mime {
                let ct = it.contentType ?? ""
                kind = ct == "application/rdf+xml" ? .xmp : .mime(ct)
            } else {
                kind = .other(it.type)
            }
            let ranges = dataRanges[id]
            var payload: Range<Int>? = nil
            if let rs = ranges, rs.count == 1, let r = rs.first {
                switch kind {
                case .exif: payload = exifPayload[id]
                default: payload = r
                }
            }
            return MetadataItem(itemID: id, kind: kind, describedItemIDs: references(from: id, type: BMFF.BoxType.cdsc),
                                dataRanges: ranges, payloadRange: payload)
        }

        private let exifPayload: [UInt32: Range<Int>]

        // MARK: - Parsing

        public init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            var context = BMFF.ParseContext(limits: limits)
            var r = ByteReader(bytes)
            var headers: [BMFF.BoxHeader] = []
            var ftyp: BMFF.FileTypeBox? = nil
            var metaBox: BMFF.Box? = nil
            while !r.isAtEnd {
                let box: BMFF.Box
                do throws(ParseError) {
                    box = try context.nextBox(in: &r, depth: 0) { "\($0)" }
                } catch {
                    // Once meta has been found the items can still be described; a broken box
                    // after it (typically a truncated mdat) is a finding, not a failure.
                    if metaBox == nil || context.walkLimitReached { throw error }
                    context.issues.append(error)
                    break
                }
                headers.append(box.header)
                if headers.count == 1 {
                    // ISO/IEC 14496-12 §4.3: ftyp comes first; a file that does not start with one is not ISOBMFF.
                    guard box.type == BMFF.BoxType.ftyp else {
                        throw ParseError(.ftypMissing, at: 0, path: "", "the first box is '\(box.type)', not 'ftyp'")
                    }
                    var c = box.content
                    ftyp = try BMFF.FileTypeBox(parsing: &c)
                } else if box.type == BMFF.BoxType.meta {
                    if metaBox == nil {
                        metaBox = box
                    } else {
                        context.issues.append(ParseError(.duplicateBox, at: box.header.offset, path: "meta",
                                                         "a second top-level meta box"))
                    }
                }
            }
            guard let fileType = ftyp else {
                throw ParseError(.ftypMissing, at: 0, path: "", "the file has no ftyp box")
            }
            guard let meta = metaBox else {
                throw ParseError(.metaMissing, at: bytes.count, path: "", "the file has no top-level meta box")
            }
            self.fileType = fileType
            self.topLevelBoxes = headers
            self.metaRange = meta.header.range

            // ISO/IEC 14496-12 §8.11.1: meta is a FullBox; an unreadable header leaves no items.
            var mr = meta.content
            let metaFull = try BMFF.FullBoxHeader(parsing: &mr)
            try metaFull.require(maxVersion: 0, at: meta.header.offset, path: "meta")
            let children = try context.children(of: &mr, depth: 1)

            var hdlr: BMFF.HandlerBox? = nil
            var pitm: BMFF.PrimaryItemBox? = nil
            var iinf: BMFF.ItemInfoBox? = nil
            var iloc: BMFF.ItemLocationBox? = nil
            var iref: BMFF.ItemReferenceBox? = nil
            var idat: Range<Int>? = nil
            var ipco: ItemPropertyContainer? = nil
            var ipmas: [ItemPropertyAssociation] = []
            var seenTypes = Set<FourCC>()
            var iprpSeen = false

            for child in children {
                var c = child.content
                let t = child.type
                let once: Set<FourCC> = [BMFF.BoxType.hdlr, BMFF.BoxType.pitm, BMFF.BoxType.iinf, BMFF.BoxType.iloc,
                                         BMFF.BoxType.iref, BMFF.BoxType.idat, BMFF.BoxType.iprp]
                if once.contains(t) {
                    if seenTypes.contains(t) {
                        context.issues.append(ParseError(.duplicateBox, at: child.header.offset, path: c.path,
                                                         "a second '\(t)' in meta; the first is used"))
                        continue
                    }
                    seenTypes.insert(t)
                }
                do throws(ParseError) {
                    switch t {
                    case BMFF.BoxType.hdlr: hdlr = try BMFF.HandlerBox(parsing: &c)
                    case BMFF.BoxType.pitm: pitm = try BMFF.PrimaryItemBox(parsing: &c)
                    case BMFF.BoxType.iinf: iinf = try BMFF.ItemInfoBox(parsing: &c, context: &context, depth: 2)
                    case BMFF.BoxType.iloc: iloc = try BMFF.ItemLocationBox(parsing: &c, limits: limits)
                    case BMFF.BoxType.iref: iref = try BMFF.ItemReferenceBox(parsing: &c, context: &context, depth: 2)
                    case BMFF.BoxType.idat: idat = child.header.payloadRange
                    case BMFF.BoxType.iprp:
                        iprpSeen = true
                        // ISO/IEC 23008-12 §9.3.1: iprp holds one ipco and one or more ipma.
                        for p in try context.children(of: &c, depth: 2) {
                            var pc = p.content
                            do throws(ParseError) {
                                if p.type == BMFF.BoxType.ipco {
                                    if ipco == nil {
                                        ipco = try ItemPropertyContainer(parsing: &pc, context: &context, depth: 3)
                                    } else {
                                        context.issues.append(ParseError(.duplicateBox, at: p.header.offset, path: pc.path,
                                                                         "a second ipco; the first is used"))
                                    }
                                } else if p.type == BMFF.BoxType.ipma {
                                    ipmas.append(try ItemPropertyAssociation(parsing: &pc, limits: limits))
                                }
                            } catch {
                                if context.walkLimitReached { throw error }
                                context.issues.append(error)
                            }
                        }
                    default: break
                    }
                } catch {
                    if context.walkLimitReached { throw error }
                    context.issues.append(error)
                }
            }
            let metaOffset = meta.header.offset
            for (t, present) in [("hdlr", hdlr != nil), ("pitm", pitm != nil), ("iinf", iinf != nil),
                                 ("iloc", iloc != nil), ("iprp", iprpSeen)] where !present {
                context.issues.append(ParseError(.requiredBoxMissing, at: metaOffset, path: "meta", "no valid '\(t)' box"))
            }
            self.handler = hdlr
            self.primaryItemID = pitm?.itemID
            self.idatRange = idat
            self.references = iref?.references ?? []
            self.locations = iloc?.items ?? []
            let props = ipco?.properties ?? []
            self.properties = props

            // Associations per item, resolved to properties (ISO/IEC 23008-12 §9.3.3).
            var declared = Set<UInt32>()
            for e in iinf?.entries ?? [] { declared.insert(e.itemID) }
            var assoc: [UInt32: [AssociatedProperty]] = [:]
            for ipma in ipmas {
                for entry in ipma.entries {
                    if assoc[entry.itemID] != nil {
                        context.issues.append(ParseError(.ipmaDuplicateItemID, at: entry.offset, path: "meta/iprp/ipma/item[\(entry.itemID)]",
                                                         "item \(entry.itemID) has a second ipma entry; the first is used"))
                        continue
                    }
                    if !declared.contains(entry.itemID) {
                        context.issues.append(ParseError(.ipmaMissingItem, at: entry.offset, path: "meta/iprp/ipma/item[\(entry.itemID)]",
                                                         "ipma entry for item \(entry.itemID), which iinf does not declare"))
                    }
                    var list: [AssociatedProperty] = []
                    var auxCSeen = false
                    for a in entry.associations {
                        let path = "meta/iprp/ipma/item[\(entry.itemID)]"
                        if a.propertyIndex == 0 {
                            if a.essential {
                                context.issues.append(ParseError(.ipmaEssentialIndexZero, at: a.offset, path: path,
                                                                 "property index 0 (none) is marked essential"))
                            }
                            continue
                        }
                        guard a.propertyIndex <= props.count else {
                            context.issues.append(ParseError(.ipmaIndexOutOfRange, at: a.offset, path: path,
                                                             "property index \(a.propertyIndex) but ipco has \(props.count)"))
                            continue
                        }
                        let p = props[a.propertyIndex - 1]
                        if p.type == BMFF.BoxType.auxC {
                            if auxCSeen {
                                context.issues.append(ParseError(.auxCDuplicate, at: a.offset, path: path,
                                                                 "item \(entry.itemID) has a second auxC (property \(a.propertyIndex))"))
                            }
                            auxCSeen = true
                        }
                        list.append(AssociatedProperty(essential: a.essential, index: a.propertyIndex, type: p.type,
                                                       value: p.value, range: p.range))
                    }
                    assoc[entry.itemID] = list
                }
            }

            // Items (ISO/IEC 14496-12 §8.11.6.1: item_ID values are unique).
            var items: [Item] = []
            var index: [UInt32: Int] = [:]
            for e in iinf?.entries ?? [] {
                if index[e.itemID] != nil {
                    context.issues.append(ParseError(.itemDuplicateID, at: e.offset, path: "meta/iinf/item[\(e.itemID)]",
                                                     "item_ID \(e.itemID) is declared twice"))
                    continue
                }
                index[e.itemID] = items.count
                items.append(Item(id: e.itemID, type: e.itemType, name: e.name, isHidden: e.isHidden,
                                  protectionIndex: e.protectionIndex, contentType: e.contentType,
                                  contentEncoding: e.contentEncoding, uriType: e.uriType,
                                  properties: assoc[e.itemID] ?? [], infeOffset: e.offset))
            }
            self.items = items
            self.index = index

            if let p = pitm, index[p.itemID] == nil {
                context.issues.append(ParseError(.pitmMissingItem, at: children.first { $0.type == BMFF.BoxType.pitm }?.header.offset ?? metaOffset,
                                                 path: "meta/pitm", "primary item \(p.itemID) is not declared in iinf"))
            }

            // References must name declared items (ISO/IEC 14496-12 §8.11.12.1).
            for ref in references {
                for id in [ref.fromItemID] + ref.toItemIDs where index[id] == nil {
                    context.issues.append(ParseError(.irefMissingItem, at: ref.offset, path: "meta/iref/\(ref.type)",
                                                     "'\(ref.type)' from \(ref.fromItemID) names item \(id), which does not exist"))
                }
                if ref.toItemIDs.isEmpty {
                    context.issues.append(ParseError(.irefEmpty, at: ref.offset, path: "meta/iref/\(ref.type)",
                                                     "'\(ref.type)' from \(ref.fromItemID) has no targets"))
                }
            }

            // Per-item property checks.
            for it in items {
                let hasISPE = it.properties.contains { $0.type == BMFF.BoxType.ispe }
                if it.isImage && !hasISPE {
                    context.issues.append(ParseError(.ispeMissing, at: it.infeOffset, path: "meta/iinf/item[\(it.id)]",
                                                     "image item \(it.id) ('\(it.type)') has no ispe"))
                }
                var ispe: ImageSpatialExtents? = nil
                var hvcC: HEVCConfiguration? = nil
                for p in it.properties {
                    if case .ispe(let v) = p.value, ispe == nil { ispe = v }
                    if case .hvcC(let v) = p.value, hvcC == nil { hvcC = v }
                }
                if let s = ispe, let sps = hvcC?.sps,
                   sps.croppedWidth != s.width || sps.croppedHeight != s.height {
                    context.issues.append(ParseError(.hvcCSizeMismatch, at: it.infeOffset, path: "meta/iinf/item[\(it.id)]",
                                                     "item \(it.id): SPS codes \(sps.croppedWidth.map { "\($0)" } ?? "?")×\(sps.croppedHeight.map { "\($0)" } ?? "?"), ispe says \(s.width)×\(s.height)"))
                }
            }
            for ref in references where ref.type == BMFF.BoxType.auxl {
                if let it = index[ref.fromItemID].map({ items[$0] }), !it.properties.contains(where: { $0.type == BMFF.BoxType.auxC }) {
                    context.issues.append(ParseError(.auxCMissing, at: it.infeOffset, path: "meta/iinf/item[\(it.id)]",
                                                     "auxiliary item \(it.id) has no auxC"))
                }
            }

            // Locations: resolve extents to absolute ranges without reading them (ISO/IEC 14496-12 §8.11.3).
            var ranges: [UInt32: [Range<Int>]] = [:]
            for loc in iloc?.items ?? [] {
                if let rs = File.resolve(loc, fileSize: bytes.count, idat: idat, issues: &context.issues) {
                    ranges[loc.itemID] = rs
                }
            }
            self.dataRanges = ranges

            // Grid descriptors: small, and needed to know the output size (ISO/IEC 23008-12 §6.6.2.3).
            var grids: [UInt32: ImageGrid] = [:]
            for it in items where it.type == BMFF.BoxType.grid {
                let path = "meta/iloc/item[\(it.id)]:grid"
                guard let rs = ranges[it.id] else {
                    context.issues.append(ParseError(.itemDataUnavailable, at: it.infeOffset, path: path,
                                                     "grid item \(it.id) has no data to read"))
                    continue
                }
                // The descriptor is 8 bytes, or 12 with 32-bit output sizes (§6.6.2.3.2).
                guard rs.count == 1, let rg = rs.first, rg.count == 8 || rg.count == 12 else {
                    context.issues.append(ParseError(.gridInvalid, at: it.infeOffset, path: path,
                                                     "grid descriptor of item \(it.id) is \(rs.map(\.count)) bytes in \(rs.count) extents; it is 8 or 12 bytes in one"))
                    continue
                }
                do throws(ParseError) {
                    var gr = try ByteReader(bytes, range: rg, path: path)
                    let g = try ImageGrid(parsing: &gr)
                    grids[it.id] = g
                    let n = references.filter { $0.type == BMFF.BoxType.dimg && $0.fromItemID == it.id }.flatMap(\.toItemIDs).count
                    if let expected = g.rows *? g.columns, expected != n {
                        context.issues.append(ParseError(.gridTileCountMismatch, at: it.infeOffset, path: path,
                                                         "grid \(g.rows)×\(g.columns) but \(n) dimg inputs"))
                    }
                } catch {
                    context.issues.append(ParseError(.gridInvalid, at: error.offset, path: path, error.description))
                }
            }
            self.grids = grids

            // Exif: u32 exif_tiff_header_offset, then that many bytes before the TIFF header (ISO/IEC 23008-12 Annex A, Exif items).
            var exif: [UInt32: Range<Int>] = [:]
            for it in items where it.type == BMFF.BoxType.exif {
                guard let rs = ranges[it.id], rs.count == 1, let rg = rs.first else { continue }
                do throws(ParseError) {
                    var er = try ByteReader(bytes, range: rg, path: "meta/iloc/item[\(it.id)]:Exif")
                    let skip = Int(try er.readU32())
                    try er.skip(skip)
                    exif[it.id] = er.position..<rg.upperBound
                } catch {
                    context.issues.append(error)
                }
            }
            self.exifPayload = exif
            self.issues = context.issues
            buildIndexes()
        }

        /// Absolute ranges of an item's extents; nil (with an issue) when one cannot be resolved.
        static func resolve(_ loc: BMFF.ItemLocationBox.Item, fileSize: Int, idat: Range<Int>?,
                            issues: inout [ParseError]) -> [Range<Int>]? {
            let path = "meta/iloc/item[\(loc.itemID)]"
            let source: Range<Int>
            switch loc.constructionMethod {
            case 0: source = 0..<fileSize
            case 1:
                guard let d = idat else {
                    issues.append(ParseError(.ilocIdatMissing, at: loc.entryOffset, path: path,
                                             "construction method 1 but meta has no idat"))
                    return nil
                }
                source = d
            default:
                issues.append(ParseError(.ilocUnsupportedConstructionMethod, at: loc.entryOffset, path: path,
                                         "construction method \(loc.constructionMethod) is not resolved"))
                return nil
            }
            var out: [Range<Int>] = []
            for e in loc.extents {
                // Relative offset within the source, then absolute; all in checked arithmetic.
                guard let b = Int(exactly: loc.baseOffset), let o = Int(exactly: e.offset), let l = Int(exactly: e.length),
                      let rel = b +? o, let abs = source.lowerBound +? rel else {
                    issues.append(ParseError(.arithmeticOverflow, at: e.entryOffset, path: path, "extent offset overflows"))
                    return nil
                }
                // §8.11.3.3: length 0 means the extent runs to the end of the source.
                let available = source.upperBound - abs
                guard rel <= source.count, available >= 0, l <= available else {
                    issues.append(ParseError(.ilocExtentPastEnd, at: e.entryOffset, path: path,
                                             "extent \(rel)+\(l) runs past the \(source.count)-byte \(loc.constructionMethod == 0 ? "file" : "idat")"))
                    return nil
                }
                // safe: l <= available = source.upperBound - abs, so the sum stays inside the source.
                out.append(abs..<(abs + (l == 0 ? available : l)))
            }
            return out
        }
    }
}
