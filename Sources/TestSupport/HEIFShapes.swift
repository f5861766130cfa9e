import Container

/// Small HEIF files of one unusual shape each, shared by the Container tests (which check how
/// the shape is described) and the rule tests (which check how it is judged).
package enum HEIFShapes {
    /// A `meta` with a second `hdlr` right after the first, and no items; `second` is the
    /// offset of the second `hdlr` box.
    package static func metaWithSecondHandler() -> (bytes: [UInt8], second: Int) {
        var b = BMFFBuilder()
        b.box("ftyp") { b in b.fourCC("heic"); b.u32(0) }
        var second = 0
        b.fullBox("meta") { b in
            b.fullBox("hdlr") { b in b.u32(0); b.fourCC("pict"); b.u32(0); b.u32(0); b.u32(0); b.cString("") }
            second = b.count
            b.fullBox("hdlr") { b in b.u32(0); b.fourCC("vide"); b.u32(0); b.u32(0); b.u32(0); b.cString("") }
            b.fullBox("pitm") { b in b.u16(1) }
            b.fullBox("iinf") { b in b.u16(0) }
            b.fullBox("iloc") { b in b.u8(0x44); b.u8(0); b.u16(0) }
            b.box("iprp") { b in b.box("ipco"); b.fullBox("ipma") { b in b.u32(0) } }
        }
        return (b.bytes, second)
    }

    /// Item 2 is an `auxl` of item 1 but has no `auxC`; both have only an `ispe`.
    package static func auxWithoutAuxC() -> [UInt8] {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil), (2, "hvc1", 1, nil)]
        c.refs = [("auxl", 2, [1])]
        c.properties = [CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01]), (2, [0x01])]
        c.locations = [(1, 0, 0, 2), (2, 0, 2, 2)]
        c.mdat = [1, 2, 3, 4]
        return c.build()
    }

    /// One hvc1 item with an `ispe` and four bytes of data: the base the custom shapes change.
    package static func simpleItems() -> CustomHEIF {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil)]
        c.properties = [CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01])]
        c.locations = [(1, 0, 0, 4)]
        c.mdat = [1, 2, 3, 4]
        return c
    }
}
