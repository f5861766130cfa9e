import Container

extension HEIFFixture {
    /// `Corpus/good/heif-disparity.heic` with its disparity map made a `grid` item
    /// (ISO/IEC 23008-12 §6.6.2.3): item 2 is a 2×1 grid of 32×12 (ispe, pixi, auxC, the XMP
    /// still describes it) whose tiles, hidden `hvc1` items 5 and 6, are the file's 16×12
    /// x265 disparity picture. The grid's left and right halves are that picture. `ispe` and
    /// `output` change the grid's ispe and its descriptor's output size; `secondTileChroma`
    /// gives the second tile an hvcC of that chroma format.
    package static func gridDisparity(ispe: (UInt32, UInt32) = (32, 12), output: (UInt16, UInt16) = (32, 12),
                                      secondTileChroma: UInt8? = nil) -> [UInt8] {
        var f = HEIFBadFile.good
        let gridISPE = f.addProperty(HEIFBadFile.ispe(ispe.0, ispe.1))
        f.infes[1] = HEIFBadFile.Infe(id: 2, type: "grid", flags: 1)
        f.associate(2, [gridISPE, 0x06, 0x85])
        if let i = f.locations.firstIndex(where: { $0.itemID == 2 }) {
            // version 0, flags 0 (16-bit sizes), rows − 1 = 0, columns − 1 = 1, 32 × 12.
            f.locations[i].data = [0x00, 0x00, 0x00, 0x01, UInt8(output.0 >> 8), UInt8(output.0 & 0xFF), UInt8(output.1 >> 8), UInt8(output.1 & 0xFF)]
        }
        let tile = HEIFFixture.corpusDisparity.depthData
        var otherConfiguration: UInt8?
        if let chroma = secondTileChroma, var record = HEIFFixture.corpusDisparity.depthHvcC, record.count > 16 {
            record[16] = 0xFC | (chroma & 3)
            otherConfiguration = f.addProperty(HEIFBadFile.hvcC(record))
        }
        for id: UInt16 in [5, 6] {
            f.infes.append(HEIFBadFile.Infe(id: id, type: "hvc1", flags: 1))
            f.associate(id, [id == 6 ? 0x80 | (otherConfiguration ?? 3) : 0x83, 0x04])
            f.locations.append(HEIFBadFile.Location(itemID: id, data: tile))
        }
        f.references.append(HEIFBadFile.Reference(type: "dimg", from: 2, to: [5, 6]))
        return f.build()
    }
}

extension HEIFFixture {
    /// `Corpus/good/heif-disparity.heic` whose disparity map (item 2, 16×12) belongs by `auxl`
    /// to a hidden item 7 of `masterWidth`×`masterHeight` (the primary's coded picture) instead
    /// of the primary, whose ispe becomes `primaryWidth`×`primaryHeight`: an aux image of one
    /// item that is not the primary, as AVIF writes an alpha plane per grid tile.
    package static func auxOfAnotherItem(masterWidth: UInt32, masterHeight: UInt32,
                                         primaryWidth: UInt32 = 64, primaryHeight: UInt32 = 48) -> [UInt8] {
        var f = HEIFBadFile.good
        f.properties[1] = HEIFBadFile.ispe(primaryWidth, primaryHeight)
        let masterISPE = f.addProperty(HEIFBadFile.ispe(masterWidth, masterHeight))
        f.infes.insert(HEIFBadFile.Infe(id: 7, type: "hvc1", flags: 1), at: 2)
        f.associate(7, [0x81, masterISPE])
        f.locations.append(HEIFBadFile.Location(itemID: 7, data: HEIFFixture.corpusDisparity.primaryData))
        f.references[0] = HEIFBadFile.Reference(type: "auxl", from: 2, to: [7])
        return f.build()
    }
}

extension HEIFFixture {
    /// `Corpus/good/heif-disparity.heic`'s 4:2:0 primary alone (no disparity, no XMP), cropped
    /// by a clap of `width`×`height` centred with these offsets: a MIAF file whose only image
    /// has a clean aperture.
    package static func croppedPrimary(width: UInt32 = 60, height: UInt32 = 48) -> [UInt8] {
        var f = HEIFBadFile.good
        f.infes.removeAll { $0.id != 1 }
        f.references = []
        f.associations.removeAll { $0.itemID != 1 }
        f.locations.removeAll { $0.itemID != 1 }
        let clap = f.addProperty(HEIFBadFile.clap(width: width, height: height))
        f.associate(1, HEIFBadFile.primary + [0x80 | clap])
        return f.build()
    }
}

extension HEIFFixture {
    /// `Corpus/good/heif-disparity.heic` with a hidden 1×1 grid item 10 of the primary's
    /// picture (ispe 64×48, as its descriptor's output): a derivation in MIAF's order.
    /// With `pixi`, the grid has a pixi of those bits per channel.
    package static func hiddenGridOfThePrimary(pixi: [UInt8]? = nil) -> [UInt8] {
        var f = HEIFBadFile.good
        f.infes.append(HEIFBadFile.Infe(id: 10, type: "grid", flags: 1))
        f.associate(10, [0x02] + (pixi.map { [f.addProperty(HEIFBadFile.pixi($0))] } ?? []))
        // version 0, flags 0 (16-bit sizes), one row, one column, 64 × 48.
        f.locations.append(HEIFBadFile.Location(itemID: 10, data: [0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x30]))
        f.references.append(HEIFBadFile.Reference(type: "dimg", from: 10, to: [1]))
        return f.build()
    }
}
