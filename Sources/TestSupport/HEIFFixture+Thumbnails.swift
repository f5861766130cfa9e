import Container

extension HEIFFixture {
    /// The good disparity HEIC (`HEIFBadFile.good`) with displayed thumbnails of its 64×48
    /// primary, items 4, 5, … in the order of `sizes`: each is x265's monochrome picture (the
    /// disparity's coding) with its conformance window cut to the size given, with that `ispe`
    /// and a pixi, and its own `thmb` reference to item 1 (ISO/IEC 23008-12 §6.4.4).
    package static func withThumbnails(_ sizes: [(width: UInt32, height: UInt32)]) -> [UInt8] {
        var f = HEIFBadFile.good
        let pixi = f.addProperty(HEIFBadFile.pixi([8]))
        for (i, size) in sizes.enumerated() {
            let id = UInt16(4 + i)
            f.infes.append(HEIFBadFile.Infe(id: id, type: "hvc1"))
            let configuration = f.addProperty(HEIFBadFile.hvcC(hvcC(x265Depth64HvcC, cropRight: 64 - size.width, bottom: 64 - size.height)))
            let extents = f.addProperty(HEIFBadFile.ispe(size.width, size.height))
            f.associate(id, [0x80 | configuration, extents, pixi])
            f.locations.append(HEIFBadFile.Location(itemID: id, data: corpusDisparity.depthData))
            f.references.append(HEIFBadFile.Reference(type: "thmb", from: id, to: [1]))
        }
        return f.build()
    }
}
