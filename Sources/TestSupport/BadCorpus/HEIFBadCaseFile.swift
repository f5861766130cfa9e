import Container

/// The HEIF of `Corpus/good/heif-disparity.heic` (`HEIFFixture.corpusDisparity`) taken apart
/// into editable pieces, so that a bad case can change exactly one thing and rebuild.
///
/// Layout: ftyp, meta (hdlr, pitm, iinf, iref, iprp, iloc, then `extraMeta`), mdat, then
/// `trailer`. Items: 1 = primary `hvc1`, 2 = disparity `hvc1` (auxl 2→1), 3 = XMP `mime`
/// (cdsc 3→2). ipco: 1 hvcC (primary), 2 ispe 64×48, 3 hvcC (depth), 4 ispe 16×12,
/// 5 auxC depth with the SEI, 6 pixi 1×8, 7 pixi 3×8 (the primary's). `primary` is the
/// primary's association; `HEIFBadFile.good.build()` equals the good file.
struct HEIFBadFile {
    struct Infe {
        var id: UInt16
        var type: FourCC
        /// infe flags; bit 0 = hidden.
        var flags: UInt32 = 0
        /// content_type of a `mime` item.
        var contentType: String? = nil
    }

    struct Reference {
        var type: FourCC
        var from: UInt16
        var to: [UInt16]
    }

    struct Association {
        var itemID: UInt16
        /// Association bytes as written (7-bit form: 0x80 = essential | property index).
        var bytes: [UInt8]
    }

    /// One iloc entry and the item data it points at in mdat.
    struct Location {
        var itemID: UInt16
        var data: [UInt8]
        /// Written instead of the real mdat offset / length when set.
        var offsetOverride: UInt32? = nil
        var lengthOverride: UInt32? = nil
    }

    var ftyp: [UInt8]
    /// The meta box's hdlr handler_type.
    var handler: FourCC = "pict"
    var pitm: UInt16 = 1
    var infes: [Infe]
    /// iinf entry_count; nil = the number of infe boxes.
    var iinfCount: UInt16? = nil
    /// iinf's version: 0 writes a 16-bit entry_count, any other a 32-bit one.
    var iinfVersion: UInt8 = 0
    var references: [Reference]
    /// ipco children, whole boxes, in index order (index = position + 1).
    var properties: [[UInt8]]
    /// Raw bytes at the end of ipco's payload, after the property boxes.
    var ipcoTail: [UInt8] = []
    var associations: [Association]
    /// ipma entry_count; nil = the number of entries.
    var ipmaCount: UInt32? = nil
    /// Whole boxes inside iprp after the ipma.
    var extraIprp: [[UInt8]] = []
    var locations: [Location]
    /// Whole boxes inside meta after iloc.
    var extraMeta: [[UInt8]] = []
    /// Whole boxes inside meta before hdlr.
    var leadingMeta: [[UInt8]] = []
    /// Raw bytes after mdat.
    var trailer: [UInt8] = []

    // MARK: - Properties

    static func ispe(_ w: UInt32, _ h: UInt32) -> [UInt8] {
        BMFFBuilder.fullBox("ispe") { b in b.u32(w); b.u32(h) }
    }

    static func hvcC(_ record: [UInt8]) -> [UInt8] {
        BMFFBuilder.box("hvcC") { b in b.bytes(record) }
    }

    static func auxC(_ urn: String, _ subtype: [UInt8]) -> [UInt8] {
        BMFFBuilder.fullBox("auxC") { b in b.cString(urn); b.bytes(subtype) }
    }

    static func pixi(_ bits: [UInt8]) -> [UInt8] {
        BMFFBuilder.fullBox("pixi") { b in b.u8(UInt8(bits.count)); b.bytes(bits) }
    }

    /// irot: `quarterTurns` × 90° anticlockwise.
    static func irot(_ quarterTurns: UInt8) -> [UInt8] {
        BMFFBuilder.box("irot") { b in b.u8(quarterTurns & 3) }
    }

    /// clap with whole-pixel width and height, centred (offsets 0/1).
    static func clap(width: UInt32, height: UInt32) -> [UInt8] {
        BMFFBuilder.box("clap") { b in
            b.u32(width); b.u32(1); b.u32(height); b.u32(1)
            b.u32(0); b.u32(1); b.u32(0); b.u32(1)
        }
    }

    // MARK: - The good file

    /// The primary's associations in the good file: hvcC and ispe essential, then its pixi.
    static let primary: [UInt8] = [0x81, 0x02, 0x07]

    static var good: HEIFBadFile {
        let f = HEIFFixture.corpusDisparity
        let xmp = Array((f.xmp ?? "").utf8)
        return HEIFBadFile(
            ftyp: BMFFBuilder.box("ftyp") { b in
                b.fourCC("heic"); b.u32(0)
                b.fourCC("mif1"); b.fourCC("heic"); b.fourCC("miaf")
            },
            infes: [Infe(id: 1, type: "hvc1"), Infe(id: 2, type: "hvc1", flags: 1),
                    Infe(id: 3, type: "mime", flags: 1, contentType: "application/rdf+xml")],
            references: [Reference(type: "auxl", from: 2, to: [1]), Reference(type: "cdsc", from: 3, to: [2])],
            properties: [hvcC(f.primaryHvcC ?? []), ispe(f.primaryWidth, f.primaryHeight),
                         hvcC(f.depthHvcC ?? []), ispe(f.depthWidth, f.depthHeight),
                         auxC(f.auxType, f.auxSubtype), pixi([8]), pixi(f.primaryPixi ?? [])],
            associations: [Association(itemID: 1, bytes: primary),
                           Association(itemID: 2, bytes: [0x83, 0x04, 0x06, 0x85])],
            locations: [Location(itemID: 1, data: f.primaryData), Location(itemID: 2, data: f.depthData),
                        Location(itemID: 3, data: xmp)])
    }

    /// The XMP of item 3 as text (it is the last location in `good`).
    var xmp: String {
        get { String(decoding: locations.first { $0.itemID == 3 }?.data ?? [], as: UTF8.self) }
        set {
            if let i = locations.firstIndex(where: { $0.itemID == 3 }) { locations[i].data = Array(newValue.utf8) }
        }
    }

    /// Replaces the association bytes of `item`.
    mutating func associate(_ item: UInt16, _ bytes: [UInt8]) {
        if let i = associations.firstIndex(where: { $0.itemID == item }) {
            associations[i].bytes = bytes
        } else {
            associations.append(Association(itemID: item, bytes: bytes))
        }
    }

    /// Adds a property at the end of ipco and returns its 1-based index.
    mutating func addProperty(_ box: [UInt8]) -> UInt8 {
        properties.append(box)
        return UInt8(properties.count)
    }

    // MARK: - Building

    func build() -> [UInt8] {
        // Offsets are 32-bit fields, so the layout does not depend on their values: build once
        // to find where mdat's payload starts, then again with the real offsets.
        let first = build(mdatPayloadOffset: 0)
        let payload = locations.reduce(0) { $0 + $1.data.count }
        return build(mdatPayloadOffset: UInt32(first.count - trailer.count - payload))
    }

    private func build(mdatPayloadOffset: UInt32) -> [UInt8] {
        var b = BMFFBuilder()
        b.bytes(ftyp)
        b.fullBox("meta") { b in
            for box in leadingMeta { b.bytes(box) }
            b.fullBox("hdlr") { b in
                b.u32(0); b.fourCC(handler); b.u32(0); b.u32(0); b.u32(0); b.cString("")
            }
            b.fullBox("pitm") { b in b.u16(pitm) }
            b.fullBox("iinf", version: iinfVersion) { b in
                if iinfVersion == 0 { b.u16(iinfCount ?? UInt16(infes.count)) } else { b.u32(UInt32(iinfCount ?? UInt16(infes.count))) }
                for e in infes {
                    b.fullBox("infe", version: 2, flags: e.flags) { b in
                        b.u16(e.id); b.u16(0); b.fourCC(e.type); b.cString("")
                        if let ct = e.contentType { b.cString(ct) }
                    }
                }
            }
            b.fullBox("iref") { b in
                for r in references {
                    b.box(r.type) { b in
                        b.u16(r.from); b.u16(UInt16(r.to.count))
                        for t in r.to { b.u16(t) }
                    }
                }
            }
            b.box("iprp") { b in
                b.box("ipco") { b in
                    for p in properties { b.bytes(p) }
                    b.bytes(ipcoTail)
                }
                b.fullBox("ipma") { b in
                    b.u32(ipmaCount ?? UInt32(associations.count))
                    for a in associations {
                        b.u16(a.itemID); b.u8(UInt8(a.bytes.count)); b.bytes(a.bytes)
                    }
                }
                for x in extraIprp { b.bytes(x) }
            }
            b.fullBox("iloc", version: 1) { b in
                b.u8(0x44); b.u8(0x00)
                b.u16(UInt16(locations.count))
                var offset = mdatPayloadOffset
                for l in locations {
                    b.u16(l.itemID); b.u16(0); b.u16(0); b.u16(1)
                    b.u32(l.offsetOverride ?? offset); b.u32(l.lengthOverride ?? UInt32(l.data.count))
                    offset += UInt32(l.data.count)
                }
            }
            for x in extraMeta { b.bytes(x) }
        }
        b.box("mdat") { b in
            for l in locations { b.bytes(l.data) }
        }
        b.bytes(trailer)
        return b.bytes
    }
}
