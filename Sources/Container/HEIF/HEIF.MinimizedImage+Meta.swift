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
    /// location does not fit its field, which no file held in memory reaches.
    func metaBox(_ bytes: [UInt8]) -> [UInt8]? {
        var items = [BMFF.ItemInfoEntry(itemID: 1, itemType: itemType, hidden: false)]
        var locations: [(id: UInt32, method: BMFF.ItemLocationBox.ConstructionMethod, range: Range<Int>)] = [(1, .file, mainData)]
        var idat: [UInt8] = []
        var references: [BMFF.ItemReference] = []
        func reference(_ type: FourCC, _ from: UInt32, _ to: UInt32) -> BMFF.ItemReference {
            BMFF.ItemReference(type: type, fromItemID: from, toItemIDs: [to], offset: 0)
        }
        if let a = alphaData {
            items.append(BMFF.ItemInfoEntry(itemID: 2, itemType: itemType, hidden: true))
            locations.append((2, .file, a))
            references.append(reference(BMFF.BoxType.auxl, 2, 1))
        }
        // Compressed Exif and XMP (deflate) are left out: a reader would take them for plain.
        if let e = exif, !exifXMPCompressed {
            items.append(BMFF.ItemInfoEntry(itemID: 6, itemType: "Exif", hidden: true))
            let head = Array(bytes[e].prefix(4))
            if head == [0x4D, 0x4D, 0x00, 0x2A] || head == [0x49, 0x49, 0x2A, 0x00] {
                // Annex A.2.1: an Exif item starts with exif_tiff_header_offset; the mini box
                // holds the TIFF data itself, so the item is made in idat with an offset of 0.
                locations.append((6, .idat, idat.count..<(idat.count + 4 + e.count)))
                idat += [0, 0, 0, 0] + bytes[e]
            } else {
                locations.append((6, .file, e))
            }
            references.append(reference(BMFF.BoxType.cdsc, 6, 1))
        }
        if let x = xmp, !exifXMPCompressed {
            items.append(BMFF.ItemInfoEntry(itemID: 7, itemType: BMFF.BoxType.mime, contentType: "application/rdf+xml", hidden: true))
            locations.append((7, .file, x))
            references.append(reference(BMFF.BoxType.cdsc, 7, 1))
        }
        let iloc = try? BMFF.ItemLocationBox(items: locations.map { l in
            BMFF.ItemLocationBox.Item(itemID: l.id, constructionMethod: l.method, dataReferenceIndex: 0, baseOffset: 0,
                                      extents: [BMFF.ItemLocationBox.Extent(index: 0, offset: UInt64(l.range.lowerBound),
                                                                            length: UInt64(l.range.count), entryOffset: 0)],
                                      entryOffset: 0)
        }, fieldSize: 8)
        guard let iloc else { return nil }

        // Properties, 1-based, and which item each is associated with (essential or not).
        var properties = ByteWriter()
        var count = 0
        func add(_ write: (inout ByteWriter) -> Void) -> Int {
            write(&properties)
            count += 1
            return count
        }
        var main: [HEIF.ItemPropertyAssociation.Association] = []
        var alpha: [HEIF.ItemPropertyAssociation.Association] = []
        func associate(_ index: Int, _ essential: Bool) -> HEIF.ItemPropertyAssociation.Association {
            HEIF.ItemPropertyAssociation.Association(essential: essential, propertyIndex: index, offset: 0)
        }
        func configuration(_ range: Range<Int>) -> Int {
            add { w in BMFF.BoxWriter.box(configType, to: &w) { w in w.append(bytes[range]) } }
        }
        let config = mainConfig.isEmpty ? nil : configuration(mainConfig)
        if let c = config { main.append(associate(c, true)) }
        let extents = HEIF.ImageSpatialExtents(width: UInt32(clamping: width), height: UInt32(clamping: height))
        let ispe = add { extents.write(to: &$0) }
        main.append(associate(ispe, false))
        let channels = chromaSubsampling == 0 ? 1 : 3
        let pixi = HEIF.PixelInformation(bitsPerChannel: [UInt8](repeating: UInt8(clamping: bitDepth), count: channels))
        main.append(associate(add { pixi.write(to: &$0) }, false))
        let nclx = HEIF.ColourInformation(colourType: BMFF.BoxType.nclx, value: .nclx(
            colourPrimaries: UInt16(clamping: colourPrimaries), transferCharacteristics: UInt16(clamping: transferCharacteristics),
            matrixCoefficients: UInt16(clamping: matrixCoefficients), fullRange: fullRange))
        main.append(associate(add { nclx.write(to: &$0, source: bytes) }, true))
        if let i = icc {
            let profile = HEIF.ColourInformation(colourType: BMFF.BoxType.prof, value: .icc(i))
            main.append(associate(add { profile.write(to: &$0, source: bytes) }, true))
        }
        if alphaData != nil {
            if let c = alphaConfig { alpha.append(associate(configuration(c), true)) }
            else if let c = config { alpha.append(associate(c, true)) }
            alpha.append(associate(ispe, false))
            let alphaPixi = HEIF.PixelInformation(bitsPerChannel: [UInt8(clamping: bitDepth)])
            alpha.append(associate(add { alphaPixi.write(to: &$0) }, false))
            let auxC = HEIF.AuxiliaryTypeProperty(auxType: "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha")
            alpha.append(associate(add { auxC.write(to: &$0) }, true))
        }
        // The orientation as transforms, as libheif writes them: a counter-clockwise irot,
        // then an imir (ISO/IEC 23008-12 §6.5.10, §6.5.12).
        let (rotation, mirror) = Self.transforms(of: orientation)
        var transforms: [Int] = []
        if rotation != 0 { transforms.append(add { HEIF.ImageRotation(angle: UInt8(rotation / 90)).write(to: &$0) }) }
        if let m = mirror { transforms.append(add { HEIF.ImageMirror(axis: m).write(to: &$0) }) }
        main += transforms.map { associate($0, true) }
        if alphaData != nil { alpha += transforms.map { associate($0, true) } }

        var w = ByteWriter()
        BMFF.BoxWriter.fullBox(BMFF.BoxType.meta, BMFF.FullBoxHeader(version: 0, flags: 0), to: &w) { w in
            BMFF.HandlerBox(handlerType: "pict").write(to: &w)
            BMFF.PrimaryItemBox(itemID: 1).write(to: &w)
            BMFF.ItemInfoBox.write(items, to: &w)
            iloc.write(to: &w)
            if !idat.isEmpty { BMFF.BoxWriter.box(BMFF.BoxType.idat, to: &w) { w in w.append(idat) } }
            if !references.isEmpty {
                BMFF.ItemReferenceBox(fullBox: BMFF.FullBoxHeader(version: 0, flags: 0), references: references).write(to: &w)
            }
            BMFF.BoxWriter.box(BMFF.BoxType.iprp, to: &w) { w in
                BMFF.BoxWriter.box(BMFF.BoxType.ipco, to: &w) { w in w.append(properties.bytes) }
                let associated = [(UInt32(1), main)] + (alpha.isEmpty ? [] : [(UInt32(2), alpha)])
                HEIF.ItemPropertyAssociation(entries: associated.map {
                    HEIF.ItemPropertyAssociation.Entry(itemID: $0.0, associations: $0.1, offset: 0)
                }).write(to: &w)
            }
        }
        return w.bytes
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
