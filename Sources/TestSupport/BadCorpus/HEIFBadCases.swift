import AuxData
import Container
import Validator

extension BadCorpus {
    /// Known-bad HEIF files, one or more per HEIF-side rule. Each starts from the good
    /// `heif-disparity.heic` (`HEIFBadFile.good`) and breaks one thing.
    package static let heifCases: [BadCase] = [
        // A box after mdat declares 256 bytes, but only its 8-byte header is left in the file.
        heif(.structureHEIFBoxSize, "trailing-box-past-end") { f in
            f.trailer = [0x00, 0x00, 0x01, 0x00] + Array("free".utf8)
        },
        // A box after mdat declares size 4, smaller than its own 8-byte header.
        heif(.structureHEIFBoxSize, "trailing-box-smaller-than-header") { f in
            f.trailer = [0x00, 0x00, 0x00, 0x04] + Array("free".utf8)
        },
        // A dinf whose dref declares 4 bytes more than dinf holds (libheif: "No 'meta' box").
        heif(.structureHEIFBoxSize, "dref-past-dinf") { f in
            f.extraMeta.append([0, 0, 0, 36] + Array("dinf".utf8) + [0, 0, 0, 32] + Array("dref".utf8) + [0, 0, 0, 0, 0, 0, 0, 1]
                               + [0, 0, 0, 12] + Array("url ".utf8) + [0, 0, 0, 1])
        },
        // The last child of ipco declares 64 bytes, but ipco ends after its 8-byte header.
        heif(.structureHEIFBoxSize, "ipco-child-past-ipco") { f in
            f.ipcoTail = [0x00, 0x00, 0x00, 0x40] + Array("free".utf8)
        },

        // An image sequence only (brand msf1): ftyp, a moov with one 64×48 track header, an
        // mdat; no file-level meta. Not bad: the rule is a note that says what the file is.
        BadCase(rule: .structureHEIFImageSequence, name: "sequence-without-meta.heic") { BadCorpus.imageSequence() },

        // The Exif item holds the TIFF header (MM) at once, without its 4-byte offset.
        BadCase(rule: .structureHEIFExifItemInvalid, name: "exif-without-offset.heic") { BadCorpus.exifItem(offset: nil) },
        // The Exif item's offset (256) points past its data.
        BadCase(rule: .structureHEIFExifItemInvalid, name: "exif-offset-past-item.heic") { BadCorpus.exifItem(offset: 256) },
        // exif_tiff_header_offset 0 before an `Exif\0\0` prefix: the TIFF header is 6 bytes on.
        BadCase(rule: .structureHEIFExifHeaderNotSkipped, name: "exif-offset-zero-before-exif-header.heic") {
            BadCorpus.exifItem(offset: 0, exifHeader: true)
        },

        // iinf declares 4 entries but holds 3 infe boxes.
        heif(.structureHEIFBoxInvalid, "iinf-entry-count") { f in
            f.iinfCount = 4
        },
        // meta holds a second pitm box after iloc.
        heif(.structureHEIFBoxInvalid, "duplicate-pitm") { f in
            f.extraMeta = [BMFFBuilder.fullBox("pitm") { b in b.u16(1) }]
        },

        // pitm names item 7, which iinf does not declare.
        heif(.structureHEIFPrimaryMissing, "pitm-names-missing-item") { f in
            f.pitm = 7
        },

        // The primary's iloc extent is 65536 bytes long, past the end of the file.
        heif(.structureHEIFIlocExtentOutOfBounds, "primary-extent-past-end") { f in
            f.locations[0].lengthOverride = 0x1_0000
        },
        // The XMP item's iloc extent starts past the end of the file.
        heif(.structureHEIFIlocExtentOutOfBounds, "xmp-extent-offset-past-end") { f in
            f.locations[2].offsetOverride = 0x10_0000
        },

        // A thmb reference comes from item 9, which iinf does not declare.
        heif(.structureHEIFIrefMissingItem, "thmb-from-missing-item") { f in
            f.references.append(.init(type: "thmb", from: 9, to: [1]))
        },
        // ipma has an entry for item 9, which iinf does not declare.
        heif(.structureHEIFIrefMissingItem, "ipma-for-missing-item") { f in
            f.associations.append(.init(itemID: 9, bytes: [0x02]))
        },

        // The primary's ipma entry names property 20; ipco has 6.
        heif(.structureHEIFIpmaIndexOutOfRange, "index-past-ipco") { f in
            f.associate(1, HEIFBadFile.primary + [0x14])
        },
        // The primary's ipma entry has an essential association with index 0 (no property).
        heif(.structureHEIFIpmaIndexOutOfRange, "essential-index-zero") { f in
            f.associate(1, HEIFBadFile.primary + [0x80])
        },
        // ipma has two entries for the primary item.
        heif(.structureHEIFIpmaIndexOutOfRange, "duplicate-item-entry") { f in
            f.associations.append(.init(itemID: 1, bytes: [0x81, 0x02]))
        },

        // The depth item (auxl source) is not associated with its auxC.
        heif(.structureHEIFAuxCMissing, "depth-without-auxc") { f in
            f.associate(2, [0x83, 0x04, 0x06])
        },

        // The depth item is associated with two auxC properties (the same URN and SEI twice).
        heif(.structureHEIFAuxCDuplicate, "depth-with-two-auxc") { f in
            let second = f.addProperty(HEIFBadFile.auxC(HEIFFixture().auxType, HEIFFixture.appleDepthSEI))
            f.associate(2, [0x83, 0x04, 0x06, 0x85, 0x80 | second])
        },

        // The primary image item has no ispe.
        heif(.structureHEIFISPEMissing, "primary-without-ispe") { f in
            f.associate(1, [0x81, 0x07])
        },

        // The depth ispe says 32×24 but its SPS codes 16×12 (same aspect as the primary).
        heif(.structureHEIFCodedSizeMismatch, "depth-ispe-differs-from-sps") { f in
            f.properties[3] = HEIFBadFile.ispe(32, 24)
        },

        // The depth item's SPS codes 16×12, padded past its ispe of 8×6 (as cameras pad
        // thumbnails to whole coding blocks); readers show the top left 8×6.
        heif(.structureHEIFCodedSizePadded, "depth-coded-past-ispe") { f in
            f.properties[3] = HEIFBadFile.ispe(8, 6)
        },

        // A grid item declares 2×1 tiles but has a single dimg input.
        heif(.structureHEIFGridInvalid, "grid-tile-count") { f in
            f.addGrid(descriptor: [0x00, 0x00, 0x01, 0x00, 0x00, 0x40, 0x00, 0x30], tiles: [1])
        },
        // A grid item's descriptor has version 1, which ImageGrid does not define.
        heif(.structureHEIFGridInvalid, "grid-version") { f in
            f.addGrid(descriptor: [0x01, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x30], tiles: [1])
        },

        // iinf of version 2 (ISO/IEC 14496-12 §8.11.6 defines 0 and 1), its entries in version
        // 1's syntax, as a HEIF writer in circulation wrote them.
        heif(.structureHEIFIinfVersionUnknown, "iinf-version-2") { f in
            f.iinfVersion = 2
        },
        // The meta box's handler is 'vide', a video handler, not 'pict'.
        heif(.structureHEIFHandlerNotPict, "handler-vide") { f in
            f.handler = "vide"
        },
        // A thumbnail reference from the XMP item (a `mime` item, not an image) to the primary.
        heif(.structureHEIFReferenceTargetInvalid, "thmb-from-xmp") { f in
            f.references.append(HEIFBadFile.Reference(type: "thmb", from: 3, to: [1]))
        },
        // The depth item's auxl names the depth item itself, not the primary.
        heif(.structureHEIFReferenceTargetInvalid, "auxl-names-itself") { f in
            f.references[0] = HEIFBadFile.Reference(type: "auxl", from: 2, to: [2, 1])
        },
        // A hidden hvc1 item with an ispe and data but no hvcC.
        heif(.structureHEIFCodedImageIncomplete, "hvc1-without-hvcC") { f in
            f.infes.append(HEIFBadFile.Infe(id: 7, type: "hvc1", flags: 1))
            f.associations.append(HEIFBadFile.Association(itemID: 7, bytes: [0x81, 0x02]))
            f.locations.append(HEIFBadFile.Location(itemID: 7, data: [0, 0, 0, 1, 0x26]))
            f.associations[f.associations.count - 1].bytes = [0x02]
        },
        // A hidden hvc1 item with hvcC and ispe that iloc does not list: it has no data.
        heif(.structureHEIFCodedImageIncomplete, "hvc1-without-iloc-entry") { f in
            f.infes.append(HEIFBadFile.Infe(id: 7, type: "hvc1", flags: 1))
            f.associations.append(HEIFBadFile.Association(itemID: 7, bytes: [0x81, 0x02]))
        },
        // A 1×1 grid whose one tile is the XMP item (a `mime` item, not an image).
        heif(.structureHEIFDerivationInputInvalid, "grid-tile-is-xmp") { f in
            f.addGrid(descriptor: [0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x30], tiles: [3])
        },
        // A 1×1 grid whose one tile is the grid itself.
        heif(.structureHEIFDerivationInputInvalid, "grid-derived-from-itself") { f in
            f.addGrid(descriptor: [0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x30], tiles: [4])
        },
        // Two identity items, each the other's input: 5 → 6 → 5.
        heif(.structureHEIFDerivationInputInvalid, "iden-cycle") { f in
            f.infes += [HEIFBadFile.Infe(id: 5, type: "iden", flags: 1), HEIFBadFile.Infe(id: 6, type: "iden", flags: 1)]
            f.references += [HEIFBadFile.Reference(type: "dimg", from: 5, to: [6]), HEIFBadFile.Reference(type: "dimg", from: 6, to: [5])]
            f.associations += [HEIFBadFile.Association(itemID: 5, bytes: [0x02]), HEIFBadFile.Association(itemID: 6, bytes: [0x02])]
        },
        // The primary is an identity item whose one input is itself (as CrabbyAvif's
        // white_iden_self.avif): a reader that follows inputs recursively never returns.
        heif(.structureHEIFDerivationInputInvalid, "primary-iden-of-itself") { f in
            f.infes.append(HEIFBadFile.Infe(id: 5, type: "iden"))
            f.references.append(HEIFBadFile.Reference(type: "dimg", from: 5, to: [5]))
            f.associations.append(HEIFBadFile.Association(itemID: 5, bytes: [0x02, 0x07]))
            f.locations.append(HEIFBadFile.Location(itemID: 5, data: []))
            f.pitm = 5
        },
        // The depth auxC subtype's SEI message has payloadType 178, not depth_representation_info (177).
        heif(.structureHEIFDepthSEIInvalid, "sei-not-depth-representation") { f in
            var sei = HEIFFixture.appleDepthSEI
            sei[10] = 0xB2
            f.properties[4] = HEIFBadFile.auxC(HEIFFixture().auxType, sei)
        },
        // The depth auxC subtype holds a 1-byte NAL unit, too short for its 2-byte header.
        heif(.structureHEIFDepthSEIInvalid, "sei-nal-too-short") { f in
            f.properties[4] = HEIFBadFile.auxC(HEIFFixture().auxType, [0, 0, 0, 5, 0, 0, 0, 1, 0x4E])
        },

        // The primary's hvcC association lacks the essential bit.
        heif(.structureHEIFPropertyNotEssential, "primary-hvcc-not-essential") { f in
            f.associate(1, [0x01, 0x02, 0x07])
        },

        // Under the miaf brand, the primary's irot is associated without the essential bit.
        heif(.structureHEIFPropertyNotEssential, "irot-not-essential-under-miaf") { f in
            f.makeRotationNotEssential(miaf: true)
        },

        // A second ipma box declares 65537 entries, over ParseLimits.maxItems (65536).
        heif(.structureLimitsExceeded, "ipma-entry-count") { f in
            f.extraIprp = [BMFFBuilder.fullBox("ipma", version: 1) { b in b.u32(65_537) }]
        },

        // An unassociated ispe in ipco holds a width but no height (truncated).
        heif(.structureFileMalformed, "ipco-ispe-truncated") { f in
            _ = f.addProperty(BMFFBuilder.fullBox("ispe") { b in b.u32(64) })
        },
        // An unassociated irot in ipco has a second byte after its angle (trailing bytes).
        heif(.structureFileMalformed, "ipco-irot-trailing-bytes") { f in
            _ = f.addProperty(BMFFBuilder.box("irot") { b in b.u8(0); b.u8(0) })
        },

        // The XMP says FloatMaxValue 5.0; the depth SEI's d_max is 4.3828125.
        heif(.dictionarySEIRangeMismatch, "xmp-float-max-differs") { f in
            f.xmp = f.xmp.replacingFirst("<apdi:FloatMaxValue>4.382812<", with: "<apdi:FloatMaxValue>5.000000<")
        },

        // The depth SEI says uniform disparity (type 1) but sets only z_near and z_far, so it
        // gives no DMin/DMax.
        heif(.dictionarySEIElementsMissing, "disparity-sei-without-dmin-dmax") { f in
            f.properties[4] = HEIFBadFile.auxC("urn:mpeg:hevc:2015:auxid:2", DepthRepresentationSEI.encode(DepthRepresentationInfo(
                zNear: DepthRepresentationElement(exactly: 0.228164), zFar: DepthRepresentationElement(exactly: 0.667535),
                representationTypeRaw: 1)))
        },
        // A depth map (NativeFormat hdep) whose uniform-Z SEI says ZFar 5.0 while the XMP says
        // FloatMaxValue 4.382812.
        heif(.dictionarySEIRangeMismatch, "depth-zfar-differs") { f in
            f.xmp = f.xmp.replacingFirst("<apdi:NativeFormat>1751411059<", with: "<apdi:NativeFormat>1751410032<")
                .replacingFirst(">disparity</apdi:AuxiliaryImageType>", with: ">depth</apdi:AuxiliaryImageType>")
            f.properties[4] = HEIFBadFile.auxC("urn:mpeg:hevc:2015:auxid:2", DepthRepresentationSEI.encode(DepthRepresentationInfo(
                zNear: DepthRepresentationElement(exactly: 1.498046875), zFar: DepthRepresentationElement(exactly: 5.0),
                representationTypeRaw: 2)))
        },

        // The depth ispe is 0×0 (its SPS still codes 16×12).
        heif(.dictionarySizeInvalid, "depth-ispe-zero") { f in
            f.properties[3] = HEIFBadFile.ispe(0, 0)
        },
        // The depth item is 65536×49152 (ispe and SPS agree): as hdis its rows need 6 GiB.
        heif(.dictionarySizeInvalid, "depth-too-large-to-allocate") { f in
            f.properties[2] = HEIFBadFile.hvcC(HEIFFixture.hvcC(width: 65_536, height: 49_152, chromaFormatIDC: 0, profileIDC: 4))
            f.properties[3] = HEIFBadFile.ispe(65_536, 49_152)
        },

        // The primary has irot 90° but the depth item has no irot.
        heif(.geometryAuxTransformMismatch, "depth-missing-primary-irot") { f in
            let rot = f.addProperty(HEIFBadFile.irot(1))
            f.associate(1, HEIFBadFile.primary + [0x80 | rot])
        },
        // The primary has irot 90° and the depth item irot 180°.
        heif(.geometryAuxTransformMismatch, "depth-irot-differs") { f in
            let p = f.addProperty(HEIFBadFile.irot(1))
            let d = f.addProperty(HEIFBadFile.irot(2))
            f.associate(1, HEIFBadFile.primary + [0x80 | p])
            f.associate(2, [0x83, 0x04, 0x80 | d, 0x06, 0x85])
        },

        // The depth item carries its own clap (16×12 cropped to 14×10).
        heif(.geometryAuxClap, "depth-with-clap") { f in
            let c = f.addProperty(HEIFBadFile.clap(width: 14, height: 10))
            f.associate(2, [0x83, 0x04, 0x80 | c, 0x06, 0x85])
        },

        // The primary is cropped by a clap (64×48 to 60×44, on whole chroma samples); otherwise
        // the file is the good one.
        heif(.geometryPrimaryCropped, "primary-with-clap") { f in
            let c = f.addProperty(HEIFBadFile.clap(width: 60, height: 44))
            f.associate(1, HEIFBadFile.primary + [0x80 | c])
        },
    ] + heifGainMapCases + heifItemCases + heifConformanceCases

    /// A case built from the good HEIF with `change` applied.
    fileprivate static func heif(_ rule: RuleID, _ name: String,
                     _ change: @escaping @Sendable (inout HEIFBadFile) -> Void) -> BadCase {
        BadCase(rule: rule, name: name + ".heic") {
            var f = HEIFBadFile.good
            change(&f)
            return f.build()
        }
    }
}

fileprivate extension HEIFBadFile {
    /// Adds item 4, a hidden `grid` with the primary's ispe, `descriptor` as its data and dimg
    /// references to `tiles`.
    mutating func addGrid(descriptor: [UInt8], tiles: [UInt16]) {
        infes.append(Infe(id: 4, type: "grid", flags: 1))
        references.append(Reference(type: "dimg", from: 4, to: tiles))
        associations.append(Association(itemID: 4, bytes: [0x02]))
        locations.append(Location(itemID: 4, data: descriptor))
    }
}

fileprivate extension String {
    /// `self` with the first occurrence of `target` replaced (Foundation-free).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let s = Array(utf8), t = Array(target.utf8)
        guard !t.isEmpty, s.count >= t.count else { return self }
        for i in 0...(s.count - t.count) where Array(s[i..<(i + t.count)]) == t {
            return String(decoding: s[..<i] + Array(replacement.utf8) + s[(i + t.count)...], as: UTF8.self)
        }
        return self
    }
}

extension BadCorpus {
    /// A HEIF image sequence with no still image: `ftyp` (msf1, iso8, hevc), `moov` holding
    /// `mvhd` and a `trak` whose `tkhd` (version 0) gives 64×48, then an empty `mdat`
    /// (ISO/IEC 23008-12 §7; ISO/IEC 14496-12 §8.2.2, §8.3.2).
    package static func imageSequence(width: UInt32 = 64, height: UInt32 = 48) -> [UInt8] {
        let ftyp = BMFFBuilder.box("ftyp") { b in
            b.fourCC("msf1"); b.u32(0); b.fourCC("msf1"); b.fourCC("iso8"); b.fourCC("hevc")
        }
        let mvhd = BMFFBuilder.box("mvhd") { b in
            b.u32(0)                                       // version 0, flags
            b.u32(0); b.u32(0); b.u32(1000); b.u32(0)      // times, timescale, duration
            b.u32(0x0001_0000); b.u16(0x0100); b.bytes([UInt8](repeating: 0, count: 10))
            for v: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { b.u32(v) }
            b.bytes([UInt8](repeating: 0, count: 24)); b.u32(2)
        }
        let tkhd = BMFFBuilder.box("tkhd") { b in
            b.u32(3)                                       // version 0, enabled | in movie
            b.u32(0); b.u32(0); b.u32(1); b.u32(0); b.u32(0)
            b.bytes([UInt8](repeating: 0, count: 8)); b.u16(0); b.u16(0); b.u16(0); b.u16(0)
            for v: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { b.u32(v) }
            b.u32(width << 16); b.u32(height << 16)
        }
        let trak = BMFFBuilder.box("trak") { b in b.bytes(tkhd) }
        let moov = BMFFBuilder.box("moov") { b in b.bytes(mvhd); b.bytes(trak) }
        return ftyp + moov + BMFFBuilder.box("mdat")
    }
}

extension BadCorpus {
    /// A one-image HEIF (64×48) with an Exif item describing it (`cdsc`) whose data is the
    /// 4-byte exif_tiff_header_offset `offset` then a TIFF header with Orientation 1, or the
    /// TIFF header alone when `offset` is nil (ISO/IEC 23008-12 Annex A.2.1); `exifHeader` puts
    /// JPEG's `Exif\0\0` before the TIFF header, which the offset may or may not skip.
    package static func exifItem(offset: UInt32?, exifHeader: Bool = false) -> [UInt8] {
        var c = HEIFShapes.simpleItems()
        // The primary's HEVC configuration (the corpus disparity photo's), so that only the
        // Exif item is wrong.
        c.properties.append(BMFFBuilder.box("hvcC") { b in b.bytes(HEIFFixture.corpusDisparity.primaryHvcC ?? []) })
        c.ipma = [(1, [0x01, 0x82])]
        c.items.append((2, "Exif", 1, nil))
        c.refs = [("cdsc", 2, [1])]
        let tiff = Array(JPEGFixture.exif(orientation: 1).dropFirst(10))
        var w = ByteWriter()
        if let offset { w.u32(offset) }
        if exifHeader { w.append(Array("Exif".utf8) + [0, 0]) }
        w.append(tiff)
        c.locations.append((2, 0, 4, UInt32(w.bytes.count)))
        c.mdat += w.bytes
        return c.build()
    }
}
