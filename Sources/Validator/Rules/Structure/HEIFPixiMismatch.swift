import AuxData
import Container

/// `pixi` tells a reader how many channels of how many bits the reconstructed image has
/// before it decodes anything; ImageIO and the aux data dictionary take the bit depth from it.
/// For an HEVC item the decoder gives what `hvcC` declares: one channel for 4:0:0, three
/// otherwise, at the luma and chroma bit depths. ISO/IEC 23008-12 §6.5.6 pixi; ISO/IEC
/// 14496-15 §8.3.3 (hvcC chroma_format_idc, bit depths). For an image that is not an aux
/// image only the bit depths of the channels pixi lists are held to hvcC, as libheif holds
/// them when it decodes: libheif's own encoder wrote one 8-bit channel for 4:2:0 colour
/// primaries (its `rainbow` and `with-alpha` test images), which every reader decodes. An
/// AV1 item is held to its `av1C` alike: one channel when mono_chrome, else three, each at
/// its BitDepth. A grid's pixi is held to its first tile's configuration: libheif refuses a grid
/// whose pixi gives its channels different depths than the tiles have.
struct HEIFPixiMismatch: Rule {
    let info = RuleInfo(
        .structureHEIFPixiMismatch, .error,
        Citation(.heif, "§6.5.6 pixi (channels and bits of the reconstructed image); ISO/IEC 14496-15 §8.3.3 hvcC; AV1 Image File Format (AVIF) v1.1.0 §2.2.1 av1C"),
        summary: "An HEVC or AV1 image item's pixi has the channel count and bit depths its hvcC or av1C declares (one channel for 4:0:0, else three).",
        fix: "Write pixi from the coded image: 01 08 for an 8-bit monochrome map.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // The property itself is kept, and its place (a path string) made only for a finding.
        // Every coded image item, the primary and its thumbnails as much as aux images.
        let auxIDs = Set(file.auxiliaryImages.map(\.itemID))
        let items = file.items
        // What the configuration codes is said (a text made) only for a finding.
        var checked: [(id: UInt32, pixi: HEIF.PixelInformation, expected: [Int], coding: HEIF.Item, tile: UInt32?,
                       property: HEIF.AssociatedProperty)] = []
        for i in items.indices {
            // A grid is its tiles put together (§6.6.2.3): its channels are its first tile's.
            let tile = items[i].type == BMFF.BoxType.grid ? file.graph.tiles(of: items[i].id).first.flatMap { file.graph.item($0) } : nil
            let coding = tile ?? items[i]
            guard let expected = Self.coded(coding) else { continue }
            for p in file.properties(of: items[i].id) {
                if case .pixi(let x) = p.value { checked.append((items[i].id, x, expected, coding, tile?.id, p)); break }
            }
        }
        guard !checked.isEmpty else { return .notApplicable }
        return .from(checked.compactMap { c in
            let got = c.pixi.bitsPerChannel.map(Int.init)
            guard got != c.expected else { return nil }
            if !auxIDs.contains(c.id), zip(got, c.expected).allSatisfy({ $0 == $1 }) { return nil }
            let place = AssociatedPropertyPlace(c.property)
            let said = Self.saying(c.coding, c.expected)
            let coded = c.tile.map { "its first tile \($0)'s " + said } ?? said
            return info.finding(place.offset, place.path,
                                "\(auxIDs.contains(c.id) ? "aux item" : "item") \(c.id): pixi says \(got.count) channel(s) of \(got) bits, \(coded)")
        })
    }
}

extension HEIFPixiMismatch {
    /// The bits per channel an item's decoder configuration codes.
    static func coded(_ item: HEIF.Item) -> [Int]? {
        if let h = item.hvcC {
            return [h.bitDepthLuma] + (h.chromaFormatIDC == 0 ? [] : [h.bitDepthChroma, h.bitDepthChroma])
        }
        // AV1 codes every plane at one BitDepth (AV1 §5.5.2 color_config).
        if let a = item.av1C { return Array(repeating: a.bitDepth, count: a.monochrome ? 1 : 3) }
        return nil
    }

    /// How a finding says what `item`'s configuration codes.
    static func saying(_ item: HEIF.Item, _ expected: [Int]) -> String {
        if let h = item.hvcC { return "hvcC codes \(expected.count) of \(expected) (chroma_format_idc \(h.chromaFormatIDC))" }
        if let a = item.av1C { return "av1C codes \(expected.count) of \(expected) (mono_chrome \(a.monochrome ? 1 : 0))" }
        return ""
    }
}

extension RuleID {
    /// `structure.heif.pixi-mismatch`, checked by this file's rule.
    package static let structureHEIFPixiMismatch = RuleID(rawValue: "structure.heif.pixi-mismatch")
}
