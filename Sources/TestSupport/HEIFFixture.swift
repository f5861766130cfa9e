import Container

/// A minimal HEIF: ftyp + meta (hdlr, pitm, iinf, iref, iprp, iloc) + mdat, with a primary
/// `hvc1` item 1, a depth auxiliary `hvc1` item 2 (auxl 2→1) with auxC, ispe, pixi and the
/// primary's irot, an optional `pixi` of the primary, and an optional XMP `mime` item 3 (cdsc 3→2).
package struct HEIFFixture: Sendable {
    package var primaryWidth: UInt32 = 64
    package var primaryHeight: UInt32 = 48
    package var depthWidth: UInt32 = 16
    package var depthHeight: UInt32 = 12
    package var auxType = "urn:mpeg:hevc:2015:auxid:2"
    package var auxSubtype: [UInt8] = HEIFFixture.appleDepthSEI
    /// irot angle (quarter turns) shared by primary and depth, as Apple writes; nil = none.
    package var rotation: UInt8? = nil
    package var xmp: String? = nil
    /// Coded bytes of the primary; placeholders, since depthcheck never decodes the primary.
    package var primaryData: [UInt8] = Array(repeating: 0xA5, count: 64)
    package var depthData: [UInt8] = Array(repeating: 0x5A, count: 32)
    /// `hvcC` payloads; nil = a synthetic SPS-only record matching the sizes above.
    package var primaryHvcC: [UInt8]? = nil
    package var depthHvcC: [UInt8]? = nil
    /// The primary's `pixi` bits per channel, the last ipco property; nil = none (MIAF §7.3.6.6
    /// asks for one on every displayable image).
    package var primaryPixi: [UInt8]? = nil

    package init() {}

    /// pug.heic's depth auxC subtype: one depth_representation_info SEI (ITU-T H.265 F.14.2.9).
    package static let appleDepthSEI: [UInt8] = [0x00, 0x00, 0x00, 0x11, 0x00, 0x00, 0x00, 0x0d, 0x4e, 0x01, 0xb1, 0x09,
                                                0x35, 0x1f, 0x7b, 0xfc, 0x01, 0x0b, 0xc6, 0x20, 0x20]

    /// Apple's apdi XMP for a disparity map as iPhone cameras write it, as a bare xmpmeta packet.
    package static let appleDisparityXMP = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 6.0.0">
           <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                    xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/">
                 <apdi:NativeFormat>1751411059</apdi:NativeFormat>
                 <apdi:AuxiliaryImageType>disparity</apdi:AuxiliaryImageType>
                 <apdi:StoredFormat>1278226488</apdi:StoredFormat>
                 <apdi:IntMinValue>0</apdi:IntMinValue>
                 <apdi:IntMaxValue>255</apdi:IntMaxValue>
                 <apdi:FloatMinValue>1.498047</apdi:FloatMinValue>
                 <apdi:FloatMaxValue>4.382812</apdi:FloatMaxValue>
              </rdf:Description>
           </rdf:RDF>
        </x:xmpmeta>

        """

    /// The configuration of `Corpus/good/heif-disparity.heic`: real x265 coded pictures (one
    /// 64×64 CTU each, from `heif-enc` 1.15 with x265 3.5), with their SPS given a conformance
    /// window so that they decode to 64×48 (4:2:0) and 16×12 (4:0:0) and match `ispe`.
    package static var corpusDisparity: HEIFFixture {
        var f = HEIFFixture()
        f.xmp = appleDisparityXMP
        f.primaryHvcC = hvcC(x265Primary64HvcC, cropRight: 0, bottom: 16)
        f.depthHvcC = hvcC(x265Depth64HvcC, cropRight: 48, bottom: 52)
        f.primaryData = x265Primary64Picture
        f.depthData = x265Depth64Picture
        f.primaryPixi = [8, 8, 8]
        return f
    }

    /// `hvcC` of a 64×64 4:2:0 Main Still Picture written by heif-enc (VPS, SPS, PPS).
    package static let x265Primary64HvcC = hex("0103700000000000000000001ef000fcfdf8f800000f03200001001840010c01ffff03700000030090000003000003001eba0240210001002a42010103700000030090000003000003001ea020810596eae4a6b9b8101030200000030020000003002122000100064401c173c089")
    /// The length-prefixed coded picture that goes with it.
    package static let x265Primary64Picture = hex("000000452801af1980ef50498e91b3efd9651bde5c0725259bf5f9f316f0c4814f65905c004c71c1c0d841468b6aaec89462437aca89cac0e512c4d3ab7506c9d1cec693d3c64198f9")
    /// `hvcC` of a 64×64 4:0:0 RExt picture written by heif-enc from a gray PNG.
    package static let x265Depth64HvcC = hex("0104080000000000000000001ef000fcfcf8f800000f03200001001740010c01ffff0408000003009ff800000300001eba024021000100264201010408000003009ff800000300001ec08204165baaba6b9b02000003000200000300021022000100064401c173c189")
    package static let x265Depth64Picture = hex("000000202801ae32425a1cc5c48e76eeb67538a78e0c94c17cbaca85b915104ab72e7770")

    package static func hex(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var it = s.utf8.makeIterator()
        while let a = it.next(), let b = it.next() {
            func v(_ c: UInt8) -> UInt8 { c >= 97 ? c - 87 : c - 48 }
            out.append(v(a) << 4 | v(b))
        }
        return out
    }

    /// `record` (an hvcC payload) with every SPS given a conformance window cropping `cropRight`
    /// and `bottom` luma samples; the coded picture data stays valid, only the output shrinks.
    package static func hvcC(_ record: [UInt8], cropRight: UInt32, bottom: UInt32) -> [UInt8] {
        var out = Array(record.prefix(23))
        var i = 23
        let arrays = Int(record[22])
        for _ in 0..<arrays {
            let type = record[i] & 0x3F
            out.append(record[i])
            let n = Int(record[i + 1]) << 8 | Int(record[i + 2])
            out += record[(i + 1)..<(i + 3)]
            i += 3
            for _ in 0..<n {
                let len = Int(record[i]) << 8 | Int(record[i + 1])
                var nal = Array(record[(i + 2)..<(i + 2 + len)])
                i += 2 + len
                if type == 33 { nal = withConformanceWindow(nal, cropRight: cropRight, bottom: bottom) }
                out += [UInt8(nal.count >> 8), UInt8(nal.count & 0xFF)] + nal
            }
        }
        return out
    }

    /// Rewrites an SPS without a conformance window so that it has one (H.265 §7.3.2.2.1).
    /// Only streams with sps_max_sub_layers_minus1 = 0 are handled, which is what heif-enc writes.
    static func withConformanceWindow(_ nal: [UInt8], cropRight: UInt32, bottom: UInt32) -> [UInt8] {
        let rbsp = BitReader.rbsp(nal)
        var r = BitReader(rbsp, offset: 0, path: "", codes: .parameterSet)
        func ue() -> UInt32 { (try? r.ue()) ?? 0 }
        _ = try? r.skip(16 + 8 + 96)
        _ = ue()
        let chroma = ue()
        if chroma == 3 { _ = try? r.skip(1) }
        _ = ue(); _ = ue()
        let flagAt = r.bitPosition
        var stop = rbsp.count * 8 - 1
        while stop > 0 && (rbsp[stop >> 3] >> (7 - UInt8(stop & 7))) & 1 == 0 { stop -= 1 }
        func bit(_ p: Int) -> UInt64 { UInt64((rbsp[p >> 3] >> (7 - UInt8(p & 7))) & 1) }
        var w = BitWriter()
        for p in 0..<flagAt { w.bits(bit(p), 1) }
        let subW: UInt32 = chroma == 1 || chroma == 2 ? 2 : 1
        let subH: UInt32 = chroma == 1 ? 2 : 1
        w.bits(1, 1)
        w.ue(0); w.ue(cropRight / subW); w.ue(0); w.ue(bottom / subH)
        for p in (flagAt + 1)..<stop { w.bits(bit(p), 1) }
        w.trailingBits()
        return BitWriter.escaped(w.bytes)
    }

    package static let corpusDisparityName = "good/heif-disparity.heic"

    /// An SPS NAL unit (header included) coding `width`×`height` luma samples, padded up to a
    /// multiple of 8 with a conformance window when needed (H.265 §7.3.2.2.1).
    package static func sps(width: UInt32, height: UInt32, chromaFormatIDC: UInt32, bitDepth: UInt32 = 8,
                           profileIDC: UInt8) -> [UInt8] {
        var w = BitWriter()
        w.bits(0, 4)                  // sps_video_parameter_set_id
        w.bits(0, 3)                  // sps_max_sub_layers_minus1
        w.bits(1, 1)                  // sps_temporal_id_nesting_flag
        w.bits(0, 2); w.bits(0, 1); w.bits(UInt64(profileIDC), 5)
        w.bits(UInt64(UInt32(1) << (31 - UInt32(profileIDC))), 32)
        w.bits(0b1001, 4)             // progressive, interlaced, non_packed, frame_only
        w.bits(0, 43); w.bits(0, 1)
        w.bits(30, 8)                 // general_level_idc (level 1)
        w.ue(0)                       // sps_seq_parameter_set_id
        w.ue(chromaFormatIDC)
        if chromaFormatIDC == 3 { w.bits(0, 1) }
        let cw = (width + 7) / 8 * 8, ch = (height + 7) / 8 * 8
        w.ue(cw); w.ue(ch)
        let subW: UInt32 = chromaFormatIDC == 1 || chromaFormatIDC == 2 ? 2 : 1
        let subH: UInt32 = chromaFormatIDC == 1 ? 2 : 1
        if cw != width || ch != height {
            w.bits(1, 1)
            w.ue(0); w.ue((cw - width) / subW); w.ue(0); w.ue((ch - height) / subH)
        } else {
            w.bits(0, 1)
        }
        w.ue(bitDepth - 8); w.ue(bitDepth - 8)
        w.ue(4)                       // log2_max_pic_order_cnt_lsb_minus4
        w.trailingBits()
        return [0x42, 0x01] + BitWriter.escaped(w.bytes)
    }

    /// An `hvcC` payload (ISO/IEC 14496-15 §8.3.3.1) with one SPS array.
    package static func hvcC(width: UInt32, height: UInt32, chromaFormatIDC: UInt32, bitDepth: UInt32 = 8,
                            profileIDC: UInt8) -> [UInt8] {
        let nal = sps(width: width, height: height, chromaFormatIDC: chromaFormatIDC, bitDepth: bitDepth, profileIDC: profileIDC)
        var b = BMFFBuilder()
        b.u8(1)
        b.u8(profileIDC & 0x1F)
        b.u32(UInt32(1) << (31 - UInt32(profileIDC)))
        b.u32(0x9000_0000); b.u16(0)
        b.u8(30)
        b.u16(0xF000)
        b.u8(0xFC)
        b.u8(0xFC | UInt8(chromaFormatIDC))
        b.u8(0xF8 | UInt8(bitDepth - 8))
        b.u8(0xF8 | UInt8(bitDepth - 8))
        b.u16(0)
        b.u8(0x0F)
        b.u8(1)
        b.u8(0x80 | 33)
        b.u16(1)
        b.u16(UInt16(nal.count))
        b.bytes(nal)
        return b.bytes
    }

    /// The file bytes.
    package func build() -> [UInt8] {
        // Offsets are 32-bit fields, so the meta size does not depend on their values: build
        // once to measure, then again with the real mdat offset.
        let first = build(mdatPayloadOffset: 0)
        let mdatStart = first.count - 8 - primaryData.count - depthData.count - Array((xmp ?? "").utf8).count
        return build(mdatPayloadOffset: UInt32(mdatStart + 8))
    }

    private func build(mdatPayloadOffset: UInt32) -> [UInt8] {
        let xmpBytes = Array((xmp ?? "").utf8)
        let hasXMP = xmp != nil
        var b = BMFFBuilder()
        b.box("ftyp") { b in
            b.fourCC("heic"); b.u32(0)
            b.fourCC("mif1"); b.fourCC("heic"); b.fourCC("miaf")
        }
        b.fullBox("meta") { b in
            b.fullBox("hdlr") { b in
                b.u32(0); b.fourCC("pict"); b.u32(0); b.u32(0); b.u32(0); b.cString("")
            }
            b.fullBox("pitm") { b in b.u16(1) }
            b.fullBox("iinf") { b in
                b.u16(hasXMP ? 3 : 2)
                b.fullBox("infe", version: 2) { b in b.u16(1); b.u16(0); b.fourCC("hvc1"); b.cString("") }
                b.fullBox("infe", version: 2, flags: 1) { b in b.u16(2); b.u16(0); b.fourCC("hvc1"); b.cString("") }
                if hasXMP {
                    b.fullBox("infe", version: 2, flags: 1) { b in
                        b.u16(3); b.u16(0); b.fourCC("mime"); b.cString(""); b.cString("application/rdf+xml")
                    }
                }
            }
            b.fullBox("iref") { b in
                b.box("auxl") { b in b.u16(2); b.u16(1); b.u16(1) }
                if hasXMP { b.box("cdsc") { b in b.u16(3); b.u16(1); b.u16(2) } }
            }
            b.box("iprp") { b in
                b.box("ipco") { b in
                    b.box("hvcC") { b in
                        b.bytes(primaryHvcC ?? HEIFFixture.hvcC(width: primaryWidth, height: primaryHeight, chromaFormatIDC: 1, profileIDC: 1))
                    }
                    b.fullBox("ispe") { b in b.u32(primaryWidth); b.u32(primaryHeight) }
                    b.box("hvcC") { b in
                        b.bytes(depthHvcC ?? HEIFFixture.hvcC(width: depthWidth, height: depthHeight, chromaFormatIDC: 0, profileIDC: 4))
                    }
                    b.fullBox("ispe") { b in b.u32(depthWidth); b.u32(depthHeight) }
                    b.fullBox("auxC") { b in b.cString(auxType); b.bytes(auxSubtype) }
                    b.fullBox("pixi") { b in b.u8(1); b.u8(8) }
                    if let r = rotation { b.box("irot") { b in b.u8(r & 3) } }
                    if let bits = primaryPixi { b.fullBox("pixi") { b in b.u8(UInt8(bits.count)); b.bytes(bits) } }
                }
                b.fullBox("ipma") { b in
                    b.u32(2)
                    let rot: [UInt8] = rotation == nil ? [] : [0x87]
                    let pixi: [UInt8] = primaryPixi == nil ? [] : [rotation == nil ? 0x07 : 0x08]
                    let p: [UInt8] = [0x81, 0x02] + pixi + rot
                    b.u16(1); b.u8(UInt8(p.count)); b.bytes(p)
                    let d: [UInt8] = [0x83, 0x04] + rot + [0x06, 0x85]
                    b.u16(2); b.u8(UInt8(d.count)); b.bytes(d)
                }
            }
            b.fullBox("iloc", version: 1) { b in
                b.u8(0x44); b.u8(0x00)
                b.u16(hasXMP ? 3 : 2)
                var offset = mdatPayloadOffset
                for (id, n) in [(UInt16(1), primaryData.count), (2, depthData.count), (3, xmpBytes.count)] where id < 3 || hasXMP {
                    b.u16(id); b.u16(0); b.u16(0); b.u16(1)
                    b.u32(offset); b.u32(UInt32(n))
                    offset += UInt32(n)
                }
            }
        }
        b.box("mdat") { b in
            b.bytes(primaryData); b.bytes(depthData); b.bytes(xmpBytes)
        }
        return b.bytes
    }
}
