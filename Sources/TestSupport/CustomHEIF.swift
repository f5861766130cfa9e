import Container

/// A HEIF written item by item, for shapes the minimal fixture does not have.
package struct CustomHEIF: Sendable {
    package init() {}

    package var items: [(id: UInt16, type: FourCC, flags: UInt32, contentType: String?)] = []
    package var primary: UInt16 = 1
    package var majorBrand: FourCC = "heic"
    /// ftyp's compatible brands.
    package var brands: [FourCC] = ["mif1", "heic"]
    package var refs: [(type: FourCC, from: UInt16, to: [UInt16])] = []
    package var properties: [[UInt8]] = []
    package var ipma: [(id: UInt16, assoc: [UInt8])] = []
    /// (item, construction method, offset relative to mdat payload or idat, length)
    package var locations: [(id: UInt16, method: UInt16, offset: UInt32, length: UInt32)] = []
    package var idat: [UInt8]? = nil
    package var mdat: [UInt8] = []
    /// Whole boxes written inside `iprp` after `ipma`, at the end of `meta`, and after `mdat`.
    package var iprpExtras: [[UInt8]] = []
    package var metaExtras: [[UInt8]] = []
    package var afterMdat: [[UInt8]] = []

    package func build() -> [UInt8] {
        let probe = build(mdatPayload: 0)
        let after = afterMdat.reduce(0) { $0 + $1.count }
        return build(mdatPayload: UInt32(probe.count - mdat.count - after))
    }

    private func build(mdatPayload: UInt32) -> [UInt8] {
        var b = BMFFBuilder()
        b.box("ftyp") { b in
            b.fourCC(majorBrand); b.u32(0)
            for brand in brands { b.fourCC(brand) }
        }
        b.fullBox("meta") { b in
            b.fullBox("hdlr") { b in b.u32(0); b.fourCC("pict"); b.u32(0); b.u32(0); b.u32(0); b.cString("") }
            b.fullBox("pitm") { b in b.u16(primary) }
            b.fullBox("iinf") { b in
                b.u16(UInt16(items.count))
                for it in items {
                    b.fullBox("infe", version: 2, flags: it.flags) { b in
                        b.u16(it.id); b.u16(0); b.fourCC(it.type); b.cString("")
                        if let ct = it.contentType { b.cString(ct) }
                    }
                }
            }
            if !refs.isEmpty {
                b.fullBox("iref") { b in
                    for r in refs {
                        b.box(r.type) { b in b.u16(r.from); b.u16(UInt16(r.to.count)); for t in r.to { b.u16(t) } }
                    }
                }
            }
            b.box("iprp") { b in
                b.box("ipco") { b in for p in properties { b.bytes(p) } }
                b.fullBox("ipma") { b in
                    b.u32(UInt32(ipma.count))
                    for e in ipma { b.u16(e.id); b.u8(UInt8(e.assoc.count)); b.bytes(e.assoc) }
                }
                for x in iprpExtras { b.bytes(x) }
            }
            if let d = idat { b.box("idat") { b in b.bytes(d) } }
            b.fullBox("iloc", version: 1) { b in
                b.u8(0x44); b.u8(0)
                b.u16(UInt16(locations.count))
                for l in locations {
                    b.u16(l.id); b.u16(l.method); b.u16(0); b.u16(1)
                    b.u32(l.method == 0 ? mdatPayload + l.offset : l.offset); b.u32(l.length)
                }
            }
            for x in metaExtras { b.bytes(x) }
        }
        b.box("mdat") { b in b.bytes(mdat) }
        for x in afterMdat { b.bytes(x) }
        return b.bytes
    }

    package static func ispe(_ w: UInt32, _ h: UInt32) -> [UInt8] { BMFFBuilder.fullBox("ispe") { b in b.u32(w); b.u32(h) } }
    package static func auxC(_ urn: String) -> [UInt8] { BMFFBuilder.fullBox("auxC") { b in b.cString(urn) } }
}
