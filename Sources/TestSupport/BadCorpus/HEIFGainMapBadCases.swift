import Container
import Validator
import AuxData

extension BadCorpus {
    /// The good HEIF (`HEIFBadFile.good`) with an Apple-style gain map and its ISO 21496-1
    /// tone map added (`HEIFBadFile.withGainMap`); it passes every rule.
    package static var heifGainMapGood: [UInt8] { HEIFBadFile.withGainMap.build() }

    /// `heifGainMapGood` with `grpl` (a whole box, or nothing) in place of its altr group 7 = [5, 1].
    package static func heifGainMap(grpl: [UInt8]) -> [UInt8] {
        var f = HEIFBadFile.withGainMap
        f.extraMeta = grpl.isEmpty ? [] : [grpl]
        return f.build()
    }

    /// Known-bad gain map HEIF files: each starts from `HEIFBadFile.withGainMap` and breaks one thing.
    static let heifGainMapCases: [BadCase] = [
        // The tmap item's data ends after base_hdr_headroom: the alternate headroom and the channel are missing.
        gainMap(.gainmapTmapMalformed, "tmap-truncated") { f in
            f.toneMap = Array(f.toneMap.prefix(14))
        },
        // The tmap item's data has version 1, which ISO/IEC 23008-12:2025/Amd 1 does not define.
        gainMap(.gainmapTmapVersionUnknown, "tmap-version-1") { f in
            f.toneMap[0] = 1
        },
        // Four bytes after the gain map metadata of writer_version 0 (ISO 21496-1 Annex C.2).
        gainMap(.gainmapTmapExtraBytes, "tmap-extra-bytes-writer-0") { f in
            f.toneMap += [0, 0, 0, 0]
        },
        // The gain map metadata's minimum_version is 1: readers of version 0 cannot use it.
        gainMap(.gainmapTmapVersionUnknown, "tmap-minimum-version-1") { f in
            f.toneMap[2] = 1
        },
        // The tmap's dimg reference names the gain map (item 4) before the base image (item 1).
        gainMap(.gainmapTmapDimgOrder, "gain-map-first") { f in
            f.setReference("dimg", from: 5, to: [4, 1])
        },
        // The tmap's dimg reference names only the base image.
        gainMap(.gainmapTmapDimgOrder, "one-input") { f in
            f.setReference("dimg", from: 5, to: [1])
        },
        // meta has no grpl: no altr group holds the tmap with its base image.
        gainMap(.gainmapTmapAltrGroup, "no-grpl") { f in
            f.extraMeta = []
        },
        // The altr group holds the tmap item with the gain map (item 4), not with its base image.
        gainMap(.gainmapTmapAltrGroup, "altr-without-base") { f in
            f.extraMeta = [HEIFBadFile.altr(groupID: 7, [5, 4])]
        },
        // The altr group's group_id is 4, the gain map item's ID.
        gainMap(.structureHEIFGroupIDCollision, "altr-group-id-is-an-item-id") { f in
            f.extraMeta = [HEIFBadFile.altr(groupID: 4, [5, 1])]
        },
        // Two altr groups, [5, 1] and [1, 5], both with group_id 7.
        gainMap(.structureHEIFGroupIDCollision, "two-groups-share-an-id") { f in
            f.extraMeta = [BMFFBuilder.box("grpl") { b in
                for entities: [UInt32] in [[5, 1], [1, 5]] {
                    b.fullBox("altr") { b in
                        b.u32(7); b.u32(UInt32(entities.count))
                        for e in entities { b.u32(e) }
                    }
                }
            }]
        },
        // Three channels: channel 1's gamma is 0/1, channel 2's gain_map_max (-1/2) is below its min
        // (0/1), and the alternate headroom's denominator is 0. The XMP has no hdrgm to compare with.
        gainMap(.gainmapTmapFractionInvalid, "gamma-zero-max-below-min-zero-denominator") { f in
            f.toneMap = HEIFBadFile.toneMap(flags: 0x80, alternate: (3, 0), channels: [
                HEIFBadFile.channel(), HEIFBadFile.channel(gamma: (0, 1)), HEIFBadFile.channel(max: (-1, 2)),
            ])
            f.gainMapXMP = HEIFBadFile.gainMapXMP(hdrgm: nil)
        },
        // hdrgm:GainMapMax says 2.5; the tmap's gain_map_max is 3/1.
        gainMap(.gainmapHdrgmTmapMismatch, "gain-map-max-differs") { f in
            f.gainMapXMP = HEIFBadFile.gainMapXMP(hdrgm: HEIFBadFile.hdrgm(max: "2.5"))
        },
        // hdrgm has no HDRCapacityMax, which has no default.
        gainMap(.gainmapHdrgmRangeInvalid, "capacity-max-missing") { f in
            f.gainMapXMP = HEIFBadFile.gainMapXMP(hdrgm: HEIFBadFile.hdrgm(capacityMax: nil))
        },
        // hdrgm:Gamma is 0 (and so differs from the tmap's gamma 1/1 as well).
        gainMap(.gainmapHdrgmRangeInvalid, "gamma-zero") { f in
            f.gainMapXMP = HEIFBadFile.gainMapXMP(hdrgm: HEIFBadFile.hdrgm(gamma: "0"))
        },
        // HDRGainMapVersion 131072 without the HDRGainMapHeadroom that version carries.
        gainMap(.gainmapAppleInconsistent, "version-131072-without-headroom") { f in
            f.gainMapXMP = HEIFBadFile.gainMapXMP(headroom: nil)
        },
    ]

    fileprivate static func gainMap(_ rule: RuleID, _ name: String,
                                    _ change: @escaping @Sendable (inout HEIFBadFile) -> Void) -> BadCase {
        heifCase(rule, name, from: { HEIFBadFile.withGainMap }, change)
    }

    /// A case built from `base()` with `change` applied.
    static func heifCase(_ rule: RuleID, _ name: String, from base: @escaping @Sendable () -> HEIFBadFile = { .good },
                         _ change: @escaping @Sendable (inout HEIFBadFile) -> Void) -> BadCase {
        BadCase(rule: rule, name: name + ".heic") {
            var f = base()
            change(&f)
            return f.build()
        }
    }
}

extension HEIFBadFile {
    /// `good` plus item 4, a hidden `hvc1` gain map (the depth's coding, 16×12) with Apple's
    /// gain map auxC (auxl 4→1); item 5, a `tmap` derived from [1, 4] with the primary's ispe and pixi;
    /// item 6, the gain map's XMP (cdsc 6→4) with Apple's HDRGainMap and Adobe's hdrgm; and a
    /// grpl with altr group 7 = [5, 1], as Apple numbers it (the largest item ID + 1).
    static var withGainMap: HEIFBadFile {
        var f = good
        let auxC = f.addProperty(auxC(AuxClassifier.hdrGainMapURN, []))
        f.infes += [Infe(id: 4, type: "hvc1", flags: 1), Infe(id: 5, type: "tmap"),
                    Infe(id: 6, type: "mime", flags: 1, contentType: "application/rdf+xml")]
        f.references += [Reference(type: "auxl", from: 4, to: [1]), Reference(type: "dimg", from: 5, to: [1, 4]),
                         Reference(type: "cdsc", from: 6, to: [4])]
        f.associations += [Association(itemID: 4, bytes: [0x83, 0x04, 0x06, 0x80 | auxC]),
                           Association(itemID: 5, bytes: [0x02, 0x07])]
        f.locations += [Location(itemID: 4, data: f.locations[1].data), Location(itemID: 5, data: toneMap()),
                        Location(itemID: 6, data: Array(gainMapXMP().utf8))]
        f.extraMeta = [altr(groupID: 7, [5, 1])]
        return f
    }

    /// The data of item 5.
    var toneMap: [UInt8] {
        get { locations.first { $0.itemID == 5 }?.data ?? [] }
        set { if let i = locations.firstIndex(where: { $0.itemID == 5 }) { locations[i].data = newValue } }
    }

    /// The XMP of item 6 as text.
    var gainMapXMP: String {
        get { String(decoding: locations.first { $0.itemID == 6 }?.data ?? [], as: UTF8.self) }
        set { if let i = locations.firstIndex(where: { $0.itemID == 6 }) { locations[i].data = Array(newValue.utf8) } }
    }

    mutating func setReference(_ type: FourCC, from: UInt16, to: [UInt16]) {
        if let i = references.firstIndex(where: { $0.type == type && $0.from == from }) { references[i].to = to }
    }

    /// A grpl box with one altr group.
    static func altr(groupID: UInt32, _ entities: [UInt32]) -> [UInt8] {
        BMFFBuilder.box("grpl") { b in
            b.fullBox("altr") { b in
                b.u32(groupID); b.u32(UInt32(entities.count))
                for e in entities { b.u32(e) }
            }
        }
    }

    /// One GainMapMetadata channel (ISO 21496-1 Annex C.2): fractions as (numerator, denominator).
    static func channel(min: (Int32, UInt32) = (0, 1), max: (Int32, UInt32) = (3, 1), gamma: (UInt32, UInt32) = (1, 1),
                        base: (Int32, UInt32) = (1, 64), alternate: (Int32, UInt32) = (1, 64)) -> [UInt8] {
        var w = ByteWriter()
        for (n, d) in [min, max] { w.u32(UInt32(bitPattern: n)); w.u32(d) }
        w.u32(gamma.0); w.u32(gamma.1)
        for (n, d) in [base, alternate] { w.u32(UInt32(bitPattern: n)); w.u32(d) }
        return w.bytes
    }

    /// A version 0 ToneMapImage: headrooms 0/1 and 3/1 unless given, then `channels`.
    static func toneMap(flags: UInt8 = 0, base: (UInt32, UInt32) = (0, 1), alternate: (UInt32, UInt32) = (3, 1),
                        channels: [[UInt8]] = [channel()]) -> [UInt8] {
        var w = ByteWriter()
        w.u8(0); w.u16(0); w.u16(0); w.u8(flags)
        w.u32(base.0); w.u32(base.1); w.u32(alternate.0); w.u32(alternate.1)
        for c in channels { w.append(c) }
        return w.bytes
    }

    /// hdrgm attributes agreeing with `toneMap()`; nil leaves a field out.
    static func hdrgm(max: String = "3", gamma: String = "1", capacityMax: String? = "3") -> String {
        var s = "hdrgm:Version=\"1.0\" hdrgm:GainMapMin=\"0\" hdrgm:GainMapMax=\"\(max)\" hdrgm:Gamma=\"\(gamma)\""
        s += " hdrgm:OffsetSDR=\"0.015625\" hdrgm:OffsetHDR=\"0.015625\" hdrgm:HDRCapacityMin=\"0\""
        if let c = capacityMax { s += " hdrgm:HDRCapacityMax=\"\(c)\"" }
        return s + " hdrgm:BaseRenditionIsHDR=\"False\""
    }

    /// The gain map's XMP: Apple's HDRGainMap version 131072 with `headroom`, and `hdrgm` attributes.
    static func gainMapXMP(headroom: String? = "8.0", hdrgm: String? = HEIFBadFile.hdrgm()) -> String {
        let adobe = hdrgm.map { " xmlns:hdrgm=\"http://ns.adobe.com/hdr-gain-map/1.0/\" " + $0 } ?? ""
        let room = headroom.map { "<HDRGainMap:HDRGainMapHeadroom>\($0)</HDRGainMap:HDRGainMapHeadroom>" } ?? ""
        return """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/"\(adobe)>\
            <HDRGainMap:HDRGainMapVersion>131072</HDRGainMap:HDRGainMapVersion>\(room)\
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
    }
}
