extension HEIF.MinimizedImage {
    /// `bytes` as the rest of depthcheck reads a HEIF: unchanged, unless the file's still image
    /// is a `mini` box and no `meta` box exists; then with a `meta` box appended after the last
    /// byte that says what the `mini` box says, item by item, as libheif expands it: item 1
    /// the image, 2 its alpha plane (hidden, `auxl` to 1, auxC
    /// `urn:mpeg:mpegB:cicp:systems:auxiliary:alpha`), 6 its Exif and 7 its XMP (`cdsc` to 1),
    /// their data located where the `mini` box holds it. Every offset of the file stays what it
    /// is; only the appended box lies past the original end.
    ///
    /// A file whose `mini` box cannot be read is returned as it is: reading it then says why.
    package static func expanding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 16, bytes[4..<8].elementsEqual([0x66, 0x74, 0x79, 0x70]) else { return bytes }   // ftyp
        // Only a top level that walks box by box to the last byte is expanded: the expansion's
        // own walk then ends at its meta box, so expanding twice changes nothing.
        var r = ByteReader(bytes)
        var minor: FourCC?
        var mini: BMFF.BoxHeader?
        var boxes = 0
        while !r.isAtEnd {
            boxes += 1
            // A box sized "to the end" would take in the appended box: such a file is left as it is.
            guard boxes <= 64, let h = try? BMFF.BoxHeader(parsing: &r), h.range.upperBound <= bytes.count,
                  h.sizeForm != .toEnd else { return bytes }
            if h.type == BMFF.BoxType.meta { return bytes }
            if h.type == BMFF.BoxType.ftyp, h.payloadRange.count >= 8 {
                let at = h.payloadRange.lowerBound + 4
                minor = FourCC(rawValue: bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) })
            }
            if h.type == BMFF.BoxType.mini, mini == nil { mini = h }
            guard (try? r.seek(toAbsolute: h.range.upperBound)) != nil else { return bytes }
        }
        guard let box = mini, let brand = minor,
              let image = try? HEIF.MinimizedImage(parsing: bytes, box: box, brand: brand) else { return bytes }
        guard let meta = image.metaBox(bytes) else { return bytes }
        return bytes + meta
    }

    /// The `meta` box (ISO/IEC 14496-12 §8.11; ISO/IEC 23008-12 §6.5) of the expansion, made
    /// of the typed boxes the parsers read (each written by its own `write(to:)`); nil when a
    /// value does not fit its field (`ByteWriter.overflow`), which no file held in memory reaches.
    func metaBox(_ bytes: [UInt8]) -> [UInt8]? {
        let entries = itemEntries(bytes)
        guard let iloc = entries.locationBox() else { return nil }
        let properties = itemProperties(bytes)

        var w = ByteWriter()
        BMFF.BoxWriter.fullBox(BMFF.BoxType.meta, BMFF.FullBoxHeader(version: 0, flags: 0), to: &w) { w in
            BMFF.HandlerBox(handlerType: "pict").write(to: &w)
            BMFF.PrimaryItemBox(itemID: 1).write(to: &w)
            BMFF.ItemInfoBox.write(entries.items, to: &w)
            iloc.write(to: &w)
            if !entries.idat.isEmpty { BMFF.BoxWriter.box(BMFF.BoxType.idat, to: &w) { w in w.append(entries.idat) } }
            if !entries.references.isEmpty {
                BMFF.ItemReferenceBox(fullBox: BMFF.FullBoxHeader(version: 0, flags: 0), references: entries.references).write(to: &w)
            }
            BMFF.BoxWriter.box(BMFF.BoxType.iprp, to: &w) { w in
                BMFF.BoxWriter.box(BMFF.BoxType.ipco, to: &w) { w in w.append(properties.writer.bytes) }
                let associated = [(UInt32(1), properties.main)] + (properties.alpha.isEmpty ? [] : [(UInt32(2), properties.alpha)])
                HEIF.ItemPropertyAssociation(entries: associated.map {
                    HEIF.ItemPropertyAssociation.Entry(itemID: $0.0, associations: $0.1, offset: 0)
                }).write(to: &w)
            }
        }
        return w.overflow == nil ? w.bytes : nil
    }

    /// The items of the expansion (ISO/IEC 23008-12 Annex O): their `iinf` entries, where
    /// their data lies, the `idat` bytes made for them and their `iref` references.
    fileprivate struct ItemEntries {
        var items: [BMFF.ItemInfoEntry]
        var locations: [(id: UInt32, method: BMFF.ItemLocationBox.ConstructionMethod, range: Range<Int>)]
        var idat: [UInt8] = []
        var references: [BMFF.ItemReference] = []

        /// A reference of `type` from one item to another.
        mutating func refer(_ type: FourCC, _ from: UInt32, _ to: UInt32) {
            references.append(BMFF.ItemReference(type: type, fromItemID: from, toItemIDs: [to], offset: 0))
        }

        /// The `iloc` box (ISO/IEC 14496-12 §8.11.3) of the locations, one extent each; nil
        /// when a location does not fit its field.
        func locationBox() -> BMFF.ItemLocationBox? {
            try? BMFF.ItemLocationBox(items: locations.map { l in
                BMFF.ItemLocationBox.Item(itemID: l.id, constructionMethod: l.method, dataReferenceIndex: 0, baseOffset: 0,
                                          extents: [BMFF.ItemLocationBox.Extent(index: 0, offset: UInt64(l.range.lowerBound),
                                                                                length: UInt64(l.range.count), entryOffset: 0)],
                                          entryOffset: 0)
            }, fieldSize: 8)
        }
    }

    /// Items 1 (the image), 2 (its alpha plane), 6 (Exif) and 7 (XMP), as the `mini` box has them.
    fileprivate func itemEntries(_ bytes: [UInt8]) -> ItemEntries {
        var entries = ItemEntries(items: [BMFF.ItemInfoEntry(itemID: 1, itemType: itemType, hidden: false)],
                                  locations: [(1, .file, mainData)])
        if let a = alphaData {
            entries.items.append(BMFF.ItemInfoEntry(itemID: 2, itemType: itemType, hidden: true))
            entries.locations.append((2, .file, a))
            entries.refer(BMFF.BoxType.auxl, 2, 1)
        }
        // Compressed Exif and XMP (deflate) are left out: a reader would take them for plain.
        if let e = exif, !exifXMPCompressed {
            entries.items.append(BMFF.ItemInfoEntry(itemID: 6, itemType: "Exif", hidden: true))
            let head = Array(bytes[e].prefix(4))
            if head == [0x4D, 0x4D, 0x00, 0x2A] || head == [0x49, 0x49, 0x2A, 0x00] {
                // Annex A.2.1: an Exif item starts with exif_tiff_header_offset; the mini box
                // holds the TIFF data itself, so the item is made in idat with an offset of 0.
                entries.locations.append((6, .idat, entries.idat.count..<(entries.idat.count + 4 + e.count)))
                entries.idat += [0, 0, 0, 0] + bytes[e]
            } else {
                entries.locations.append((6, .file, e))
            }
            entries.refer(BMFF.BoxType.cdsc, 6, 1)
        }
        if let x = xmp, !exifXMPCompressed {
            entries.items.append(BMFF.ItemInfoEntry(itemID: 7, itemType: BMFF.BoxType.mime, contentType: "application/rdf+xml", hidden: true))
            entries.locations.append((7, .file, x))
            entries.refer(BMFF.BoxType.cdsc, 7, 1)
        }
        return entries
    }

    /// The item properties of the `ipco` box (ISO/IEC 23008-12 §6.5), 1-based, and which of
    /// them the image and its alpha plane are associated with (essential or not).
    fileprivate struct ItemProperties {
        typealias Association = HEIF.ItemPropertyAssociation.Association

        var writer = ByteWriter()
        var count = 0
        var main: [Association] = []
        var alpha: [Association] = []

        /// Writes one property; its index.
        mutating func add(_ write: (inout ByteWriter) -> Void) -> Int {
            write(&writer)
            count += 1
            return count
        }

        static func associate(_ index: Int, _ essential: Bool) -> Association {
            Association(essential: essential, propertyIndex: index, offset: 0)
        }
    }

    /// The image's properties (decoder configuration, `ispe`, `pixi`, `colr`), its alpha
    /// plane's, and the transforms both share.
    fileprivate func itemProperties(_ bytes: [UInt8]) -> ItemProperties {
        var p = ItemProperties()
        let config = mainConfig.isEmpty ? nil : configuration(mainConfig, bytes, to: &p)
        if let c = config { p.main.append(ItemProperties.associate(c, true)) }
        let extents = HEIF.ImageSpatialExtents(width: UInt32(clamping: width), height: UInt32(clamping: height))
        let ispe = p.add { extents.write(to: &$0) }
        p.main.append(ItemProperties.associate(ispe, false))
        let channels = chromaSubsampling == 0 ? 1 : 3
        let pixi = HEIF.PixelInformation(bitsPerChannel: [UInt8](repeating: UInt8(clamping: bitDepth), count: channels))
        let pixiIndex = p.add { pixi.write(to: &$0) }
        p.main.append(ItemProperties.associate(pixiIndex, false))
        let nclx = HEIF.ColourInformation(colourType: BMFF.BoxType.nclx, value: .nclx(
            colourPrimaries: UInt16(clamping: colourPrimaries), transferCharacteristics: UInt16(clamping: transferCharacteristics),
            matrixCoefficients: UInt16(clamping: matrixCoefficients), fullRange: fullRange))
        let nclxIndex = p.add { nclx.write(to: &$0, source: bytes) }
        p.main.append(ItemProperties.associate(nclxIndex, true))
        if let i = icc {
            let profile = HEIF.ColourInformation(colourType: BMFF.BoxType.prof, value: .icc(i))
            let profileIndex = p.add { profile.write(to: &$0, source: bytes) }
            p.main.append(ItemProperties.associate(profileIndex, true))
        }
        if alphaData != nil { addAlphaProperties(bytes, mainConfig: config, ispe: ispe, to: &p) }
        addTransforms(to: &p)
        return p
    }

    /// A decoder configuration box of `configType` holding the `mini` box's bytes at `range`.
    private func configuration(_ range: Range<Int>, _ bytes: [UInt8], to p: inout ItemProperties) -> Int {
        p.add { w in BMFF.BoxWriter.box(configType, to: &w) { w in w.append(bytes[range]) } }
    }

    /// The alpha plane's properties: its own decoder configuration or the image's, the image's
    /// `ispe`, a one-channel `pixi` and the `auxC` that names it alpha.
    private func addAlphaProperties(_ bytes: [UInt8], mainConfig config: Int?, ispe: Int, to p: inout ItemProperties) {
        if let c = alphaConfig {
            let own = configuration(c, bytes, to: &p)
            p.alpha.append(ItemProperties.associate(own, true))
        } else if let c = config {
            p.alpha.append(ItemProperties.associate(c, true))
        }
        p.alpha.append(ItemProperties.associate(ispe, false))
        let alphaPixi = HEIF.PixelInformation(bitsPerChannel: [UInt8(clamping: bitDepth)])
        let alphaPixiIndex = p.add { alphaPixi.write(to: &$0) }
        p.alpha.append(ItemProperties.associate(alphaPixiIndex, false))
        let auxC = HEIF.AuxiliaryTypeProperty(auxType: "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha")
        let auxCIndex = p.add { auxC.write(to: &$0) }
        p.alpha.append(ItemProperties.associate(auxCIndex, true))
    }

    /// The orientation as transforms, as libheif writes them: a counter-clockwise irot,
    /// then an imir (ISO/IEC 23008-12 §6.5.10, §6.5.12), essential to the image and its alpha.
    private func addTransforms(to p: inout ItemProperties) {
        let (rotation, mirror) = Self.transforms(of: orientation)
        var transforms: [Int] = []
        if rotation != 0 { transforms.append(p.add { HEIF.ImageRotation(angle: UInt8(rotation / 90)).write(to: &$0) }) }
        if let m = mirror { transforms.append(p.add { HEIF.ImageMirror(axis: m).write(to: &$0) }) }
        p.main += transforms.map { ItemProperties.associate($0, true) }
        if alphaData != nil { p.alpha += transforms.map { ItemProperties.associate($0, true) } }
    }

    /// Exif orientation 1...8 as libheif writes it: a counter-clockwise rotation in degrees and
    /// an imir axis value.
    static func transforms(of orientation: Int) -> (rotation: Int, mirror: UInt8?) {
        switch orientation {
        case 2: return (0, 1)
        case 3: return (180, nil)
        case 4: return (0, 0)
        case 5: return (270, 1)
        case 6: return (270, nil)
        case 7: return (270, 0)
        case 8: return (90, nil)
        default: return (0, nil)
        }
    }
}
