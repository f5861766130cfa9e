import Container

/// A minimal HEIF file that holds one aux item of another file as its primary image: the
/// item's coded bytes with its `hvcC` (or `av1C`), `ispe` and `pixi`, or for a `grid` item its descriptor,
/// its tiles and theirs (ISO/IEC 23008-12 §6.6.2.3). libheif 1.15 refuses files whose item
/// graph it does not know (an `auxl` with two targets, a `tmap` item), so it is handed this
/// file instead of the original. Transformative properties are left out: the item comes out
/// in its stored frame, and `MapOrientation` applies `irot`/`imir` on request.
struct AuxItemFile {
    /// One item of the new file: its type, its data (ranges of the original), its properties
    /// (indices into `properties`).
    struct Item {
        let type: FourCC
        let data: [Range<Int>]
        let propertyIndices: [Int]
    }

    private(set) var items: [Item] = []
    /// Property boxes, copied byte for byte from the original.
    private(set) var properties: [Range<Int>] = []
    /// The grid descriptor, when the primary is a grid.
    private(set) var gridDescriptor: [UInt8]?

    /// The properties a decoder needs to decode an item as stored.
    static let copiedProperties: [FourCC] = [BMFF.BoxType.hvcC, "av1C", BMFF.BoxType.ispe, BMFF.BoxType.pixi]

    /// Whether the item is AV1 (an AVIF gain map): the file is then branded `avif`.
    private(set) var isAV1 = false

    /// Gathers the item `id` of `file` (and its tiles); fails when an item has no data, a
    /// coding other than HEVC or AV1, or more tiles than `limits` allow.
    init(item id: UInt32, of file: HEIF.File, byteCount: Int, limits: ParseLimits,
         at location: SourceLocation) throws(AuxDecodeError) {
        // Every data offset of the new file is a 32-bit iloc field: its data, all within the
        // original, and its `meta` (a few megabytes at most) stay below 4 GiB.
        guard byteCount <= Int(UInt32.max) - (1 << 28) else {
            throw AuxDecodeError(.overLimit, "the file is too large to hand the decoder one of its items", at: location)
        }
        var propertyIndex: [Int: Int] = [:]
        func add(_ itemID: UInt32, data: [Range<Int>]) throws(AuxDecodeError) {
            guard let item = file.item(itemID) else {
                throw AuxDecodeError(.noData, "item \(itemID) does not exist", at: location)
            }
            var indices: [Int] = []
            for p in file.properties(of: itemID) where Self.copiedProperties.contains(p.type) {
                guard p.range.upperBound <= byteCount else {
                    throw AuxDecodeError(.noData, "a property of item \(itemID) lies past the end of the file", at: location)
                }
                if let known = propertyIndex[p.index] {
                    indices.append(known)
                } else {
                    properties.append(p.range)
                    propertyIndex[p.index] = properties.count
                    indices.append(properties.count)
                }
            }
            items.append(Item(type: item.type, data: data, propertyIndices: indices))
        }
        func codedData(_ itemID: UInt32) throws(AuxDecodeError) -> [Range<Int>] {
            guard let ranges = file.dataRanges[itemID], !ranges.isEmpty,
                  ranges.allSatisfy({ $0.upperBound <= byteCount && !$0.isEmpty }) else {
                throw AuxDecodeError(.noData, "item \(itemID) has no coded data in the file", at: location)
            }
            return ranges
        }

        guard let item = file.item(id) else { throw AuxDecodeError(.noData, "item \(id) does not exist", at: location) }
        switch item.type {
        case BMFF.BoxType.hvc1:
            try add(id, data: try codedData(id))
        case BMFF.BoxType.av01:
            // AV1 Codec ISO Media File Format Binding §2.2: an av01 item with its av1C.
            isAV1 = true
            try add(id, data: try codedData(id))
        case BMFF.BoxType.grid:
            guard let grid = file.grids[id] else {
                throw AuxDecodeError(.undecodable, "the grid descriptor of item \(id) cannot be read", at: location)
            }
            let tiles = file.tiles(of: id)
            guard tiles.count == grid.rows * grid.columns else {
                throw AuxDecodeError(.undecodable, "the grid of item \(id) is \(grid.columns)×\(grid.rows) but names \(tiles.count) tiles",
                                     at: location)
            }
            // Item IDs of the new file are 16-bit (iinf/iloc/iref version 0).
            guard tiles.count < Int(UInt16.max) - 1, tiles.count <= limits.maxItems else {
                throw AuxDecodeError(.overLimit, "the grid of item \(id) has \(tiles.count) tiles", at: location)
            }
            var w = ByteWriter()
            grid.write(to: &w)
            gridDescriptor = w.bytes
            try add(id, data: [])
            for t in tiles {
                guard file.item(t)?.type == BMFF.BoxType.hvc1 else {
                    throw AuxDecodeError(.unsupported, "tile item \(t) of grid \(id) is not HEVC", at: location)
                }
                try add(t, data: try codedData(t))
            }
        default:
            throw AuxDecodeError(.unsupported, "items of type \(item.type) are not decoded", at: location)
        }
    }

    /// The file's bytes, reading the copied ranges from `source`.
    func bytes(from source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var ftyp = ByteWriter()
        BMFF.BoxWriter.box(BMFF.BoxType.ftyp, to: &ftyp) { w in
            if isAV1 {
                w.fourCC("avif"); w.u32(0); w.fourCC("mif1"); w.fourCC("avif"); w.fourCC("miaf")
            } else {
                w.fourCC("heic"); w.u32(0); w.fourCC("mif1"); w.fourCC("heic")
            }
        }
        // iloc offsets depend on the size of `meta`, which does not depend on their values
        // (fixed 32-bit fields): measure once, then write with the real base.
        let probe = meta(mdatStart: 0, source: source)
        let mdatStart = ftyp.count + probe.count + 8
        var out = ftyp.bytes
        out += meta(mdatStart: mdatStart, source: source)
        var mdat = ByteWriter()
        BMFF.BoxWriter.box(BMFF.BoxType.mdat, to: &mdat) { w in
            if let g = gridDescriptor { w.append(g) }
            for item in items {
                for r in item.data { w.append(UnsafeBufferPointer(rebasing: source[r])) }
            }
        }
        out += mdat.bytes
        return out
    }

    /// The `meta` box. Its 16-bit item IDs and counts hold: `init` refuses a grid of more
    /// tiles; an item's extents and properties were counted in fields no wider in the original
    /// (iloc extent_count, ipma association_count and its 15-bit property_index); its offsets
    /// are bounded by `init`'s size check.
    private func meta(mdatStart: Int, source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var w = ByteWriter()
        let v0 = BMFF.FullBoxHeader(version: 0, flags: 0)
        BMFF.BoxWriter.fullBox(BMFF.BoxType.meta, v0, to: &w) { w in
            BMFF.BoxWriter.fullBox(BMFF.BoxType.hdlr, v0, to: &w) { w in
                w.u32(0); w.fourCC(BMFF.BoxType.pict); w.u32(0); w.u32(0); w.u32(0); w.u8(0)
            }
            BMFF.BoxWriter.fullBox(BMFF.BoxType.pitm, v0, to: &w) { w in w.u16(1) }
            BMFF.BoxWriter.fullBox(BMFF.BoxType.iinf, v0, to: &w) { w in
                w.u16(UInt16(truncatingIfNeeded: items.count))
                for (i, item) in items.enumerated() {
                    BMFF.BoxWriter.fullBox(BMFF.BoxType.infe, BMFF.FullBoxHeader(version: 2, flags: 0), to: &w) { w in
                        w.u16(UInt16(truncatingIfNeeded: i + 1)); w.u16(0); w.fourCC(item.type); w.u8(0)
                    }
                }
            }
            if items.count > 1 {
                BMFF.BoxWriter.fullBox(BMFF.BoxType.iref, v0, to: &w) { w in
                    BMFF.BoxWriter.box(BMFF.BoxType.dimg, to: &w) { w in
                        w.u16(1); w.u16(UInt16(truncatingIfNeeded: items.count - 1))
                        for i in 2...items.count { w.u16(UInt16(truncatingIfNeeded: i)) }
                    }
                }
            }
            // ISO/IEC 14496-12 §8.11.3: version 1, 4-byte offsets and lengths, no base offset.
            BMFF.BoxWriter.fullBox(BMFF.BoxType.iloc, BMFF.FullBoxHeader(version: 1, flags: 0), to: &w) { w in
                w.u8(0x44); w.u8(0x00)
                w.u16(UInt16(truncatingIfNeeded: items.count))
                var at = mdatStart
                for (i, item) in items.enumerated() {
                    w.u16(UInt16(truncatingIfNeeded: i + 1)); w.u16(0); w.u16(0)
                    let extents: [Int] = (i == 0 && gridDescriptor != nil) ? [gridDescriptor?.count ?? 0] : item.data.map(\.count)
                    w.u16(UInt16(truncatingIfNeeded: extents.count))
                    for n in extents {
                        w.u32(UInt32(truncatingIfNeeded: at)); w.u32(UInt32(truncatingIfNeeded: n))
                        at += n
                    }
                }
            }
            BMFF.BoxWriter.box(BMFF.BoxType.iprp, to: &w) { w in
                BMFF.BoxWriter.box(BMFF.BoxType.ipco, to: &w) { w in
                    for r in properties { w.append(UnsafeBufferPointer(rebasing: source[r])) }
                }
                // flags 1: 15-bit property indices; hvcC and ispe are essential for decoding.
                BMFF.BoxWriter.fullBox(BMFF.BoxType.ipma, BMFF.FullBoxHeader(version: 0, flags: 1), to: &w) { w in
                    w.u32(UInt32(truncatingIfNeeded: items.count))
                    for (i, item) in items.enumerated() {
                        w.u16(UInt16(truncatingIfNeeded: i + 1))
                        w.u8(UInt8(truncatingIfNeeded: item.propertyIndices.count))
                        for p in item.propertyIndices { w.u16(0x8000 | UInt16(truncatingIfNeeded: p)) }
                    }
                }
            }
        }
        return w.bytes
    }
}
