import Container

extension AVIFFixture {
    /// heif-enc's AVIF colour primary alone: item 1 with its own colr, av1C, ispe and pixi
    /// (in ipma order: colr and av1C essential) and its 68 bytes of data, under the fixture's
    /// brands, with `extra` properties associated after them (`essential`: the ipma bit).
    package static func primary(with extra: [(box: [UInt8], essential: Bool)] = []) -> [UInt8] {
        let boxes = ipcoBoxes
        guard boxes.count == 8 else { return [] }
        var c = CustomHEIF()
        c.majorBrand = "avif"
        c.brands = ["avif", "mif1", "miaf"]
        c.items = [(1, "av01", 0, nil)]
        // ipco properties 1 (colr), 6 (av1C), 7 (ispe) and 8 (pixi) are the primary's.
        c.properties = [boxes[0], boxes[5], boxes[6], boxes[7]] + extra.map(\.box)
        c.ipma = [(1, [0x81, 0x82, 0x03, 0x84] + extra.indices.map { UInt8(5 + $0) | (extra[$0].essential ? 0x80 : 0) })]
        c.mdat = Array(heifEncAlpha[primaryData])
        c.locations = [(1, 0, 0, UInt32(primaryData.count))]
        return c.build()
    }

    /// Item 1's data: a temporal delimiter, the Sequence Header OBU and one frame OBU.
    static let primaryData = 0x1DE..<0x222

    /// The fixture's ipco children, whole boxes, in index order.
    static var ipcoBoxes: [[UInt8]] {
        let b = heifEncAlpha
        guard let ipco = ByteSearch.offsets(of: Array("ipco".utf8), in: b).first.map({ $0 - 4 }) else { return [] }
        let end = ipco + Int(UInt32(b[ipco]) << 24 | UInt32(b[ipco + 1]) << 16 | UInt32(b[ipco + 2]) << 8 | UInt32(b[ipco + 3]))
        var boxes: [[UInt8]] = []
        var at = ipco + 8
        while at + 8 <= end {
            let size = Int(UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3]))
            guard size >= 8, at + size <= end else { break }
            boxes.append(Array(b[at..<at + size]))
            at += size
        }
        return boxes
    }
}
