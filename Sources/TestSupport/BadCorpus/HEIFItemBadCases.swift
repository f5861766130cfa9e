import Container
import Validator

extension BadCorpus {
    /// Known-bad HEIF files for the rules on the primary item, property order, pixi, the depth
    /// SEI and Exif orientation: each starts from `HEIFBadFile.good` and breaks one thing.
    static let heifItemCases: [BadCase] = [
        // pitm names item 2, the disparity map (an auxl source), instead of the photo.
        item(.structureHEIFPrimaryNotMaster, "primary-is-aux-item") { f in
            f.pitm = 2
        },
        // Under the miaf brand, the primary (item 1) is a thumbnail of the depth item.
        item(.structureHEIFPrimaryNotMaster, "thumbnail-primary-under-miaf") { f in
            f.makeThumbnailPrimary(miaf: true)
        },
        // The primary item's infe has the hidden flag.
        item(.structureHEIFPrimaryNotMaster, "primary-hidden") { f in
            f.infes[0].flags = 1
        },
        // Primary and depth share an irot of 270°, associated before their ispe.
        item(.structureHEIFPropertyOrder, "irot-before-ispe") { f in
            let rot = f.addProperty(HEIFBadFile.irot(3))
            f.associate(1, [0x81, 0x80 | rot, 0x02, 0x07])
            f.associate(2, [0x83, 0x80 | rot, 0x04, 0x06, 0x85])
        },
        // Primary and depth share an imir and an irot, the imir listed first.
        item(.structureHEIFPropertyOrder, "imir-before-irot") { f in
            let mir = f.addProperty(BMFFBuilder.box("imir") { b in b.u8(0) })
            let rot = f.addProperty(HEIFBadFile.irot(2))
            f.associate(1, HEIFBadFile.primary + [0x80 | mir, 0x80 | rot])
            f.associate(2, [0x83, 0x04, 0x80 | mir, 0x80 | rot, 0x06, 0x85])
        },
        // The depth item's pixi says three 8-bit channels; its hvcC codes 4:0:0 (one channel).
        item(.structureHEIFPixiMismatch, "depth-pixi-three-channels") { f in
            f.properties[5] = HEIFBadFile.pixi([8, 8, 8])
        },
        // The depth item's auxC has the HEVC depth URN and an empty subtype.
        item(.structureHEIFDepthSEIMissing, "empty-auxc-subtype") { f in
            f.properties[4] = HEIFBadFile.auxC(HEIFFixture().auxType, [])
        },
        // An Exif item (cdsc 4→1) says Orientation 6; the primary has no irot.
        item(.geometryOrientationExifIrotMismatch, "orientation-6-without-irot") { f in
            f.addExif(orientation: 6)
        },
        // Primary and depth have irot 270° (Orientation 6), but the Exif item says Orientation 3.
        item(.geometryOrientationExifIrotMismatch, "irot-270-orientation-3") { f in
            let rot = f.addProperty(HEIFBadFile.irot(3))
            f.associate(1, HEIFBadFile.primary + [0x80 | rot])
            f.associate(2, [0x83, 0x04, 0x80 | rot, 0x06, 0x85])
            f.addExif(orientation: 3)
        },
        // Item 2 is an alpha plane (auxC urn:mpeg:hevc:2015:auxid:1, no XMP) of 16×16 for a 64×48 photo.
        item(.geometryAuxAspectMismatch, "alpha-16x16-primary-64x48") { f in
            f.makeAlpha()
            f.properties[2] = HEIFBadFile.hvcC(HEIFFixture.hvcC(width: 16, height: 16, chromaFormatIDC: 0, profileIDC: 4))
            f.properties[3] = HEIFBadFile.ispe(16, 16)
        },
        // Item 2 is an alpha plane (no XMP) whose ispe is 0×0 (its SPS still codes 16×12).
        item(.dictionarySizeInvalid, "alpha-ispe-zero") { f in
            f.makeAlpha()
            f.properties[3] = HEIFBadFile.ispe(0, 0)
        },
        // Item 2 is an alpha plane (no XMP) whose pixi says 10 bits; its hvcC codes 8.
        item(.structureHEIFPixiMismatch, "alpha-pixi-10-bits") { f in
            f.makeAlpha()
            f.properties[5] = HEIFBadFile.pixi([10])
        },
        // Item 2 is the primary's alpha plane, and 'prem' runs from it to the primary: reversed.
        item(.structureHEIFReferenceTargetInvalid, "prem-from-alpha-to-colour") { f in
            f.makeAlpha()
            f.references.append(HEIFBadFile.Reference(type: "prem", from: 2, to: [1]))
        },
        // Hidden identity item 9 derived from identity item 8, itself derived from the primary:
        // an identity of an identity (MIAF §7.3.11.1).
        item(.structureHEIFMIAFDerivationOrder, "iden-of-iden") { f in
            f.infes.append(HEIFBadFile.Infe(id: 8, type: "iden", flags: 1))
            f.infes.append(HEIFBadFile.Infe(id: 9, type: "iden", flags: 1))
            f.associate(8, [0x02])
            f.associate(9, [0x02])
            f.references.append(HEIFBadFile.Reference(type: "dimg", from: 8, to: [1]))
            f.references.append(HEIFBadFile.Reference(type: "dimg", from: 9, to: [8]))
        },
        // A hidden overlay item (8) of 64×48 with no dimg input: nothing to place on its canvas.
        item(.structureHEIFDerivationInputInvalid, "overlay-without-input") { f in
            f.infes.append(HEIFBadFile.Infe(id: 8, type: "iovl", flags: 1))
            // version 0, flags 0 (16-bit sizes), canvas fill 0,0,0,0xFFFF, output 64×48.
            f.locations.append(HEIFBadFile.Location(itemID: 8, data: [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 64, 0, 48]))
            f.associate(8, [0x02])
        },
        // The primary (item 1), an 8-bit 4:2:0 picture, has a pixi of three 10-bit channels.
        item(.structureHEIFPixiMismatch, "primary-pixi-10-bits") { f in
            let pixi = f.addProperty(HEIFBadFile.pixi([10, 10, 10]))
            f.associate(1, [0x81, 0x02, pixi])
        },
    ]

    fileprivate static func item(_ rule: RuleID, _ name: String,
                                 _ change: @escaping @Sendable (inout HEIFBadFile) -> Void) -> BadCase {
        heifCase(rule, name, change)
    }
}

extension BadCorpus {
    /// The good HEIF with its primary made a thumbnail (`thmb` from item 1 to item 2), with
    /// or without the `miaf` brand: only MIAF requires the primary to be a master image.
    package static func thumbnailPrimary(miaf: Bool) -> [UInt8] {
        var f = HEIFBadFile.good
        f.makeThumbnailPrimary(miaf: miaf)
        return f.build()
    }
}

extension BadCorpus {
    /// The good HEIF with a 90° irot on the primary associated without the essential bit,
    /// with or without the `miaf` brand: MIAF requires transforms to be essential.
    package static func nonEssentialRotation(miaf: Bool) -> [UInt8] {
        var f = HEIFBadFile.good
        f.makeRotationNotEssential(miaf: miaf)
        return f.build()
    }
}

extension HEIFBadFile {
    /// The primary gets an irot of 90° that is not marked essential; the brands are `heic`,
    /// `mif1` and, with `miaf`, `miaf`.
    mutating func makeRotationNotEssential(miaf: Bool) {
        let rot = addProperty(HEIFBadFile.irot(1))
        associate(1, HEIFBadFile.primary + [rot])
        ftyp = BMFFBuilder.box("ftyp") { b in
            b.fourCC("heic"); b.u32(0)
            b.fourCC("mif1"); b.fourCC("heic")
            if miaf { b.fourCC("miaf") }
        }
    }

    /// Item 1, the primary, becomes a thumbnail of item 2; the brands are `heic`, `mif1` and,
    /// with `miaf`, `miaf`.
    mutating func makeThumbnailPrimary(miaf: Bool) {
        references.append(Reference(type: "thmb", from: 1, to: [2]))
        ftyp = BMFFBuilder.box("ftyp") { b in
            b.fourCC("heic"); b.u32(0)
            b.fourCC("mif1"); b.fourCC("heic")
            if miaf { b.fourCC("miaf") }
        }
    }

    /// Turns item 2 into an alpha plane: auxC `urn:mpeg:hevc:2015:auxid:1` with no subtype, and
    /// no XMP item describing it.
    /// Item 2 becomes an MPEG depth image (auxC `urn:mpeg:mpegB:cicp:systems:auxiliary:depth`,
    /// ISO/IEC 23091-2 style, as AVIF writers label depth) with `subtype` and no Apple XMP.
    mutating func makeMPEGDepth(subtype: [UInt8] = []) {
        makeAlpha()
        properties[4] = HEIFBadFile.auxC("urn:mpeg:mpegB:cicp:systems:auxiliary:depth", subtype)
    }

    mutating func makeAlpha() {
        properties[4] = HEIFBadFile.auxC("urn:mpeg:hevc:2015:auxid:1", [])
        infes.removeAll { $0.id == 3 }
        references.removeAll { $0.from == 3 }
        locations.removeAll { $0.itemID == 3 }
    }

    /// Adds item 4, an `Exif` item describing the primary (cdsc 4→1): the 4-byte offset to the
    /// TIFF header (0), then a TIFF header and IFD0 with one Orientation entry.
    mutating func addExif(orientation: UInt16) {
        // JPEGFixture.exif is an APP1 segment: marker, length and "Exif\0\0" come before the TIFF header.
        let tiff = Array(JPEGFixture.exif(orientation: orientation).dropFirst(10))
        infes.append(Infe(id: 4, type: "Exif", flags: 1))
        references.append(Reference(type: "cdsc", from: 4, to: [1]))
        locations.append(Location(itemID: 4, data: [0, 0, 0, 0] + tiff))
    }
}
