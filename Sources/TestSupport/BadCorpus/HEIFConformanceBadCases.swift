import Container
import Validator

extension BadCorpus {
    /// Known-bad HEIF files for the container against its coded data and MIAF's structure:
    /// grids, decoder configurations, data references, brands and derivations. Each starts from
    /// `HEIFBadFile.good` (or the corpus disparity grid) and breaks one thing.
    static let heifConformanceCases: [BadCase] = [
        // The 4:2:0 primary (64×48) cropped by a centred clap to 63×48: its width is odd and its
        // left edge falls at 0.5 (MIAF §7.3.6.7).
        conformance(.structureHEIFClapChromaAlignment, "primary-clap-odd-width") { f in
            let clap = f.addProperty(HEIFBadFile.clap(width: 63, height: 48))
            f.associate(1, HEIFBadFile.primary + [0x80 | clap])
        },
        // A MIAF file whose meta starts with a dinf (one self-contained data reference), then
        // hdlr (MIAF §7.2.1.1).
        conformance(.structureHEIFMIAFHandlerNotFirst, "dinf-before-hdlr") { f in
            f.leadingMeta = [BMFFBuilder.box("dinf") { b in
                b.bytes(BMFFBuilder.fullBox("dref") { d in
                    d.u32(1)
                    d.bytes(BMFFBuilder.fullBox("url ", flags: 1))
                })
            }]
        },
        // A file that declares miaf among its compatible brands but not mif1 (MIAF §7.2.1.2).
        conformance(.structureHEIFMIAFBrands, "miaf-without-mif1") { f in
            f.ftyp = BMFFBuilder.box("ftyp") { b in b.fourCC("heic"); b.u32(0); b.fourCC("heic"); b.fourCC("miaf") }
        },
        // meta's dinf holds a dref whose entry_count says 2 but which holds one self-contained
        // 'url ' entry (ISO/IEC 14496-12 §8.7.2).
        conformance(.structureHEIFBoxInvalid, "dref-count-past-entries") { f in
            f.extraMeta.append(BMFFBuilder.box("dinf") { b in
                b.bytes(BMFFBuilder.fullBox("dref") { d in
                    d.u32(2)
                    d.bytes(BMFFBuilder.fullBox("url ", flags: 1))
                })
            })
        },
        // The depth item's hvcC says 10-bit luma (bitDepthLumaMinus8 = 2, record byte 17) over
        // the 8-bit SPS it carries (ISO/IEC 14496-15 §8.3.3.1).
        conformance(.structureHEIFHvccSpsMismatch, "depth-hvcc-bit-depth-not-sps") { f in
            var record = HEIFFixture.corpusDisparity.depthHvcC ?? []
            if record.count > 17 { record[17] = 0xFA }
            f.properties[2] = HEIFBadFile.hvcC(record)
        },
        // The corpus disparity map as a 2×1 grid of its 16×12 picture whose ispe says 30×12
        // while the descriptor's output is 32×12 (§6.5.3.1 with §6.6.2.3).
        BadCase(rule: .structureHEIFGridInvalid, name: "grid-ispe-not-output-size.heic") {
            HEIFFixture.gridDisparity(ispe: (30, 12))
        },
        // The same grid whose descriptor asks for a 40×12 output: its two 16×12 tiles cover 32×12.
        BadCase(rule: .structureHEIFGridInvalid, name: "grid-tiles-short-of-output.heic") {
            HEIFFixture.gridDisparity(ispe: (40, 12), output: (40, 12))
        },
        // The same grid whose second tile's hvcC says 4:2:0 while the first's says 4:0:0
        // (MIAF 7.3.11.4.1); that hvcC disagrees with its own monochrome SPS too.
        BadCase(rule: .structureHEIFGridInvalid, name: "grid-tiles-of-two-chroma-formats.heic") {
            HEIFFixture.gridDisparity(secondTileChroma: 1)
        },
        // An empty mdat box inside meta, after its other children (ISO/IEC 14496-12 §8.1.1: its
        // container is the file).
        conformance(.structureHEIFBoxInvalid, "mdat-inside-meta") { f in
            f.extraMeta.append(BMFFBuilder.box("mdat") { _ in })
        },
        // An empty dinf in meta (ISO/IEC 14496-12 §8.7.2: exactly one dref in it).
        conformance(.structureHEIFBoxInvalid, "dinf-without-dref") { f in
            f.extraMeta.append(BMFFBuilder.box("dinf") { _ in })
        },
        // An iloc box among ipco's item properties, associated with no item (§8.11.3: its
        // container is meta).
        conformance(.structureHEIFBoxInvalid, "iloc-in-ipco") { f in
            _ = f.addProperty(BMFFBuilder.fullBox("iloc") { b in b.u16(0); b.u16(0) })
        },
        // A hidden overlay (item 8) of the primary whose descriptor ends after its 64×48 output
        // size, without the offsets of its one input (§6.6.2.2.2).
        conformance(.structureHEIFDerivationInputInvalid, "overlay-descriptor-without-offsets") { f in
            f.infes.append(HEIFBadFile.Infe(id: 8, type: "iovl", flags: 1))
            f.locations.append(HEIFBadFile.Location(itemID: 8, data: [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 64, 0, 48]))
            f.references.append(HEIFBadFile.Reference(type: "dimg", from: 8, to: [1]))
            f.associate(8, [0x02])
        },
        // A hidden 1×1 grid (item 10) of the 4:2:0 primary whose output, and ispe, are 63×48
        // (MIAF §7.3.11.4.1: whole chroma samples).
        conformance(.structureHEIFGridChromaAlignment, "grid-of-420-tiles-odd-output") { f in
            f.infes.append(HEIFBadFile.Infe(id: 10, type: "grid", flags: 1))
            f.associate(10, [f.addProperty(HEIFBadFile.ispe(63, 48))])
            // version 0, flags 0 (16-bit sizes), one row, one column, 63 × 48.
            f.locations.append(HEIFBadFile.Location(itemID: 10, data: [0x00, 0x00, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x30]))
            f.references.append(HEIFBadFile.Reference(type: "dimg", from: 10, to: [1]))
        },
        // A MIAF file whose one image, x265's 64×48 4:2:0 picture, is stored in idat
        // (construction_method 1; MIAF §7.2.1.7 has coded data in the file).
        BadCase(rule: .structureHEIFMIAFItemDataLocation, name: "coded-item-in-idat.heic") {
            let f = HEIFFixture.corpusDisparity
            var c = CustomHEIF()
            c.brands = ["mif1", "heic", "miaf"]
            c.items = [(1, "hvc1", 0, nil)]
            c.properties = [HEIFBadFile.hvcC(f.primaryHvcC ?? []), CustomHEIF.ispe(64, 48), HEIFBadFile.pixi([8, 8, 8])]
            c.ipma = [(1, [0x81, 0x02, 0x03])]
            c.idat = f.primaryData
            c.locations = [(1, 1, 0, UInt32(f.primaryData.count))]
            return c.build()
        },
        // The primary's pixi left out (MIAF §7.3.6.6: every displayable image has one).
        conformance(.structureHEIFMIAFPixiMissing, "primary-without-pixi") { f in
            f.associate(1, [0x81, 0x02])
        },
        // A displayed 4×2 thumbnail of the 64×48 primary: 384 times fewer pixels (MIAF §7.3.3:
        // at most 200).
        BadCase(rule: .structureHEIFMIAFThumbnailScale, name: "thumbnail-4x2-of-64x48.heic") {
            HEIFFixture.withThumbnails([(4, 2)])
        },
        // The XMP item's packet in a free box after mdat, iloc pointing there (MIAF §7.2.1.13:
        // Exif and XMP in a MediaDataBox).
        BadCase(rule: .structureHEIFMIAFItemDataLocation, name: "xmp-in-free-box.heic") {
            var f = HEIFBadFile.good
            guard let i = f.locations.firstIndex(where: { $0.itemID == 3 }) else { return [] }
            let packet = f.locations[i].data
            f.locations[i].data = []
            f.locations[i].lengthOverride = UInt32(packet.count)
            f.trailer = BMFFBuilder.box("free") { b in b.bytes(packet) }
            // The layout does not depend on the offset's value: build once to find the box.
            f.locations[i].offsetOverride = UInt32(f.build().count - f.trailer.count + 8)
            return f.build()
        },
        // The primary is associated with two irot properties, 90° and 180° (§6.5.10: at most
        // one per item).
        conformance(.structureHEIFPropertyRepeated, "primary-two-irot") { f in
            let quarter = f.addProperty(HEIFBadFile.irot(1)), half = f.addProperty(HEIFBadFile.irot(2))
            f.associate(1, HEIFBadFile.primary + [0x80 | quarter, 0x80 | half])
        },
        // The primary has a pasp of 4:3 in a MIAF file (MIAF §7.3.6.5).
        conformance(.structureHEIFMIAFPixelAspect, "primary-pasp-4-3") { f in
            let pasp = f.addProperty(BMFFBuilder.box("pasp") { b in b.u32(4); b.u32(3) })
            f.associate(1, HEIFBadFile.primary + [pasp])
        },
        // A hidden identity item (5) of the primary whose iloc entry gives it a 4-byte body
        // (§6.6.2.1: it has none).
        conformance(.structureHEIFDerivationInputInvalid, "iden-with-item-body") { f in
            f.infes.append(HEIFBadFile.Infe(id: 5, type: "iden", flags: 1))
            f.locations.append(HEIFBadFile.Location(itemID: 5, data: [0, 0, 0, 0]))
            f.references.append(HEIFBadFile.Reference(type: "dimg", from: 5, to: [1]))
            f.associate(5, [0x02])
        },
        // A hidden 1×2 grid (item 10, 128×48) of the primary's picture twice, its two inputs in
        // two dimg boxes (§6.6.1: one box lists them all).
        conformance(.structureHEIFDerivationInputInvalid, "grid-inputs-in-two-dimg-boxes") { f in
            f.infes.append(HEIFBadFile.Infe(id: 10, type: "grid", flags: 1))
            f.associate(10, [f.addProperty(HEIFBadFile.ispe(128, 48))])
            // version 0, flags 0 (16-bit sizes), one row, two columns, 128 × 48.
            f.locations.append(HEIFBadFile.Location(itemID: 10, data: [0x00, 0x00, 0x00, 0x01, 0x00, 0x80, 0x00, 0x30]))
            f.references += [HEIFBadFile.Reference(type: "dimg", from: 10, to: [1]), HEIFBadFile.Reference(type: "dimg", from: 10, to: [1])]
        },
        // The depth map's auxl names the primary twice (ISO/IEC 14496-12 §8.11.12.1).
        conformance(.structureHEIFReferenceTargetInvalid, "auxl-names-master-twice") { f in
            f.references[0] = HEIFBadFile.Reference(type: "auxl", from: 2, to: [1, 1])
        },
        // Item 5, the primary's picture again, is a thumbnail of the primary, and item 6 a
        // thumbnail of item 5 (ISO/IEC 23008-12 §6.4.4).
        conformance(.structureHEIFReferenceTargetInvalid, "thumbnail-of-a-thumbnail") { f in
            for id: UInt16 in [5, 6] {
                f.infes.append(HEIFBadFile.Infe(id: id, type: "hvc1"))
                f.associations.append(HEIFBadFile.Association(itemID: id, bytes: HEIFBadFile.primary))
                f.locations.append(HEIFBadFile.Location(itemID: id, data: HEIFFixture.corpusDisparity.primaryData))
            }
            f.references += [HEIFBadFile.Reference(type: "thmb", from: 5, to: [1]), HEIFBadFile.Reference(type: "thmb", from: 6, to: [5])]
        },
        // heif-enc's AVIF whose primary av1C says seq_level_idx_0 5 over its level-0 sequence
        // header (AVIF §2.2.1).
        BadCase(rule: .structureAVIFAv1cMismatch, name: "primary-av1c-level-not-sequence-header.avif") {
            AVIFFixture.changed([(AVIFFixture.primaryAV1CLevel, 5)])
        },
        // heif-enc's AVIF whose alpha is associated with the primary's av1C (property 6) where
        // its pixi was: two av1C on one item (AVIF §2.2.1).
        BadCase(rule: .structureAVIFAv1cMismatch, name: "alpha-with-two-av1c.avif") {
            AVIFFixture.changed([(AVIFFixture.alphaPixiAssociation, 0x86)])
        },
        // heif-enc's AVIF whose primary's Sequence Header OBU is made a padding OBU (type 15):
        // its data has a frame and no sequence header (AVIF §2.1).
        BadCase(rule: .structureAVIFItemData, name: "primary-without-sequence-header.avif") {
            AVIFFixture.changed([(AVIFFixture.primarySequenceHeaderOBU, 0x7A)])
        },
        // heif-enc's AVIF primary with an essential a1op selecting operating point 1; its
        // sequence header has one (AVIF §2.3.2.1).
        BadCase(rule: .structureAVIFLayeredItem, name: "a1op-operating-point-1.avif") {
            AVIFFixture.primary(with: [(BMFFBuilder.box("a1op") { b in b.u8(1) }, true)])
        },
        // heif-enc's AVIF primary with an essential lsel of spatial layer 1; its data has layer
        // 0 only (AVIF §2.3.2.2).
        BadCase(rule: .structureAVIFLayeredItem, name: "lsel-layer-1-of-one.avif") {
            AVIFFixture.primary(with: [(BMFFBuilder.box("lsel") { b in b.u16(1) }, true)])
        },
        // heif-enc's AVIF primary with an a1lx giving one layer size (30 bytes) for data of one
        // layer, which has none to give (AVIF §2.3.2.3).
        BadCase(rule: .structureAVIFLayeredItem, name: "a1lx-of-one-layer.avif") {
            AVIFFixture.primary(with: [(BMFFBuilder.box("a1lx") { b in b.u8(0); b.u16(30); b.u16(0); b.u16(0) }, false)])
        },
        // heif-enc's AVIF whose alpha's sequence header says color_range 0 (AVIF §4).
        BadCase(rule: .structureAVIFAuxiliaryCoding, name: "alpha-limited-range.avif") {
            AVIFFixture.changed([(AVIFFixture.alphaColorRangeByte, 0x84)])
        },
        // heif-enc's AVIF whose brands are mif1 and miaf, with no avif (AVIF §5).
        BadCase(rule: .structureAVIFBrands, name: "av1-items-without-avif-brand.avif") {
            let mif1 = Array("mif1".utf8), at = [AVIFFixture.majorBrand, AVIFFixture.firstCompatibleBrand]
            return AVIFFixture.changed(at.flatMap { o in mif1.indices.map { (o + $0, mif1[$0]) } })
        },
        // heif-enc's AVIF declaring the Baseline profile (MA1B for its first compatible brand)
        // over a primary at seq_level_idx 14, level 5.2, in its sequence header and its av1C
        // alike (AVIF §7.2).
        BadCase(rule: .structureAVIFBrands, name: "baseline-profile-level-5-2.avif") {
            let ma1b = Array("MA1B".utf8)
            let p = AVIFFixture.primarySequenceHeaderPayload
            return AVIFFixture.changed(ma1b.indices.map { (AVIFFixture.firstCompatibleBrand + $0, ma1b[$0]) }
                + [(p, 0x18 | 14 >> 2), (p + 1, (14 & 3) << 6 | 0x15), (AVIFFixture.primaryAV1CLevel, 14)])
        },
        // A hidden grid of the 8-bit 4:2:0 primary whose pixi says 10, 8 and 8 bits (§6.5.6):
        // libheif refuses channels of different depths than its tiles'.
        BadCase(rule: .structureHEIFPixiMismatch, name: "grid-pixi-not-its-tiles.heic") {
            HEIFFixture.hiddenGridOfThePrimary(pixi: [10, 8, 8])
        },
        // heif-enc's AVIF whose alpha pixi says 10 bits over its 8-bit av1C (§6.5.6).
        BadCase(rule: .structureHEIFPixiMismatch, name: "avif-alpha-pixi-10-bit.avif") {
            AVIFFixture.changed([(AVIFFixture.alphaPixiBits, 10)])
        },
        // heif-enc's AVIF whose primary and alpha ispe say 32×24 over their 64×48 frames
        // (§6.5.3.1): the aspect stays, the size does not.
        BadCase(rule: .structureHEIFCodedSizeMismatch, name: "avif-ispe-not-frame-size.avif") {
            AVIFFixture.changed([(AVIFFixture.primaryISPEWidthLow, 32), (AVIFFixture.primaryISPEHeightLow, 24),
                                 (AVIFFixture.alphaISPEWidthLow, 32), (AVIFFixture.alphaISPEHeightLow, 24)])
        },
    ]

    fileprivate static func conformance(_ rule: RuleID, _ name: String,
                                        _ change: @escaping @Sendable (inout HEIFBadFile) -> Void) -> BadCase {
        heifCase(rule, name, change)
    }
}
