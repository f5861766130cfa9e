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
        return bytes + image.metaBox(bytes)
    }

    /// The `meta` box (ISO/IEC 14496-12 §8.11; ISO/IEC 23008-12 §6.5) of the expansion.
    func metaBox(_ bytes: [UInt8]) -> [UInt8] {
        var items: [(id: UInt16, type: FourCC, hidden: Bool, contentType: String?)] = [(1, itemType, false, nil)]
        var locations: [(id: UInt16, idat: Bool, range: Range<Int>)] = [(1, false, mainData)]
        var idat: [UInt8] = []
        var references: [(type: FourCC, from: UInt16, to: UInt16)] = []
        if let a = alphaData {
            items.append((2, itemType, true, nil))
            locations.append((2, false, a))
            references.append((BMFF.BoxType.auxl, 2, 1))
        }
        // Compressed Exif and XMP (deflate) are left out: a reader would take them for plain.
        if let e = exif, !exifXMPCompressed {
            items.append((6, "Exif", true, nil))
            let head = Array(bytes[e].prefix(4))
            if head == [0x4D, 0x4D, 0x00, 0x2A] || head == [0x49, 0x49, 0x2A, 0x00] {
                // Annex A.2.1: an Exif item starts with exif_tiff_header_offset; the mini box
                // holds the TIFF data itself, so the item is made in idat with an offset of 0.
                locations.append((6, true, idat.count..<(idat.count + 4 + e.count)))
                idat += [0, 0, 0, 0] + bytes[e]
            } else {
                locations.append((6, false, e))
            }
            references.append((BMFF.BoxType.cdsc, 6, 1))
        }
        if let x = xmp, !exifXMPCompressed {
            items.append((7, BMFF.BoxType.mime, true, "application/rdf+xml"))
            locations.append((7, false, x))
            references.append((BMFF.BoxType.cdsc, 7, 1))
        }

        // Properties, 1-based, and which item each is associated with (essential or not).
        var properties: [[UInt8]] = []
        func add(_ p: [UInt8]) -> UInt8 { properties.append(p); return UInt8(properties.count) }
        var main: [(UInt8, Bool)] = []
        var alpha: [(UInt8, Bool)] = []
        let config = mainConfig.isEmpty ? nil : add(Self.box(configType, Array(bytes[mainConfig])))
        if let c = config { main.append((c, true)) }
        let ispe = add(Self.fullBox("ispe") { w in w.u32(UInt32(clamping: width)); w.u32(UInt32(clamping: height)) })
        main.append((ispe, false))
        let channels = chromaSubsampling == 0 ? 1 : 3
        main.append((add(Self.fullBox("pixi") { w in
            w.u8(UInt8(channels))
            for _ in 0..<channels { w.u8(UInt8(clamping: bitDepth)) }
        }), false))
        main.append((add(Self.box("colr") { w in
            w.fourCC("nclx")
            w.u16(UInt16(clamping: colourPrimaries)); w.u16(UInt16(clamping: transferCharacteristics))
            w.u16(UInt16(clamping: matrixCoefficients)); w.u8(fullRange ? 0x80 : 0)
        }), true))
        if let i = icc { main.append((add(Self.box("colr") { w in w.fourCC("prof"); w.append(bytes[i]) }), true)) }
        if alphaData != nil {
            if let c = alphaConfig { alpha.append((add(Self.box(configType, Array(bytes[c]))), true)) }
            else if let c = config { alpha.append((c, true)) }
            alpha.append((ispe, false))
            alpha.append((add(Self.fullBox("pixi") { w in w.u8(1); w.u8(UInt8(clamping: bitDepth)) }), false))
            alpha.append((add(Self.fullBox("auxC") { w in
                w.append(Array("urn:mpeg:mpegB:cicp:systems:auxiliary:alpha".utf8)); w.u8(0)
            }), true))
        }
        // The orientation as transforms, as libheif writes them: a counter-clockwise irot,
        // then an imir (ISO/IEC 23008-12 §6.5.10, §6.5.12).
        let (rotation, mirror) = Self.transforms(of: orientation)
        var transforms: [UInt8] = []
        if rotation != 0 { transforms.append(add(Self.box("irot") { w in w.u8(UInt8(rotation / 90)) })) }
        if let m = mirror { transforms.append(add(Self.box("imir") { w in w.u8(m) })) }
        main += transforms.map { ($0, true) }
        if alphaData != nil { alpha += transforms.map { ($0, true) } }

        var meta = ByteWriter()
        meta.append(Self.fullBox("hdlr") { w in
            w.u32(0); w.fourCC("pict"); w.u32(0); w.u32(0); w.u32(0); w.u8(0)
        })
        meta.append(Self.fullBox("pitm") { w in w.u16(1) })
        meta.append(Self.fullBox("iinf") { w in
            w.u16(UInt16(items.count))
            for it in items {
                w.append(Self.fullBox("infe", version: 2, flags: it.hidden ? 1 : 0) { e in
                    e.u16(it.id); e.u16(0); e.fourCC(it.type); e.u8(0)
                    if let ct = it.contentType { e.append(Array(ct.utf8)); e.u8(0) }
                })
            }
        })
        // iloc version 1: 8-byte offsets and lengths, no base offset, a construction method.
        meta.append(Self.fullBox("iloc", version: 1) { w in
            w.u8(0x88); w.u8(0x00); w.u16(UInt16(locations.count))
            for l in locations {
                w.u16(l.id); w.u16(l.idat ? 1 : 0); w.u16(0); w.u16(1)
                w.u64(UInt64(l.range.lowerBound)); w.u64(UInt64(l.range.count))
            }
        })
        if !idat.isEmpty { meta.append(Self.box("idat", idat)) }
        if !references.isEmpty {
            meta.append(Self.fullBox("iref") { w in
                for ref in references {
                    w.append(Self.box(ref.type) { b in b.u16(ref.from); b.u16(1); b.u16(ref.to) })
                }
            })
        }
        meta.append(Self.box("iprp") { w in
            w.append(Self.box("ipco", properties.flatMap { $0 }))
            w.append(Self.fullBox("ipma") { m in
                let associated = [(UInt16(1), main)] + (alpha.isEmpty ? [] : [(UInt16(2), alpha)])
                m.u32(UInt32(associated.count))
                for (id, list) in associated {
                    m.u16(id); m.u8(UInt8(list.count))
                    for (index, essential) in list { m.u8((essential ? 0x80 : 0) | index) }
                }
            })
        })
        return Self.fullBox("meta") { w in w.append(meta.bytes) }
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

    static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(clamping: 8 + payload.count)); w.fourCC(type); w.append(payload)
        return w.bytes
    }

    static func box(_ type: FourCC, _ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var p = ByteWriter()
        body(&p)
        return box(type, p.bytes)
    }

    static func fullBox(_ type: FourCC, version: UInt8 = 0, flags: UInt32 = 0, _ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var p = ByteWriter()
        p.u32(UInt32(version) << 24 | (flags & 0xFF_FFFF))
        body(&p)
        return box(type, p.bytes)
    }
}
