import AuxData
import Container

/// `pixi` tells a reader how many channels of how many bits the reconstructed image has
/// before it decodes anything; ImageIO and the aux data dictionary take the bit depth from it.
/// For an HEVC item the decoder gives what `hvcC` declares: one channel for 4:0:0, three
/// otherwise, at the luma and chroma bit depths. ISO/IEC 23008-12 §6.5.6 pixi; ISO/IEC
/// 14496-15 §8.3.3 (hvcC chroma_format_idc, bit depths). For an image that is not an aux
/// image only the bit depths of the channels pixi lists are held to hvcC, as libheif holds
/// them when it decodes: libheif's own encoder wrote one 8-bit channel for 4:2:0 colour
/// primaries (its `rainbow` and `with-alpha` test images), which every reader decodes.
struct HEIFPixiMismatch: Rule {
    let info = RuleInfo(
        "structure.heif.pixi-mismatch", .error,
        Citation(.heif, "§6.5.6 pixi (channels and bits of the reconstructed image); ISO/IEC 14496-15 §8.3.3 hvcC"),
        summary: "An HEVC image item's pixi has the channel count and bit depths its hvcC declares (one channel for 4:0:0, else three; luma then chroma bits).",
        fix: "Write pixi from the coded image: 01 08 for an 8-bit monochrome map.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // The property itself is kept, and its place (a path string) made only for a finding.
        // Every coded image item, the primary and its thumbnails as much as aux images.
        let auxIDs = Set(file.auxiliaryImages.map(\.itemID))
        let checked: [(UInt32, HEIF.PixelInformation, HEIF.HEVCConfiguration, HEIF.AssociatedProperty)] = file.items.compactMap { item in
            guard let h = file.hvcC(of: item.id) else { return nil }
            for p in file.properties(of: item.id) {
                if case .pixi(let x) = p.value { return (item.id, x, h, p) }
            }
            return nil
        }
        guard !checked.isEmpty else { return .notApplicable }
        return .from(checked.compactMap { id, pixi, h, property in
            let chroma = h.chromaFormatIDC == 0 ? [] : [h.bitDepthChroma, h.bitDepthChroma]
            let expected = [h.bitDepthLuma] + chroma
            let got = pixi.bitsPerChannel.map(Int.init)
            guard got != expected else { return nil }
            if !auxIDs.contains(id), zip(got, expected).allSatisfy({ $0 == $1 }) { return nil }
            let place = AssociatedPropertyPlace(property)
            return info.finding(place.offset, place.path,
                                "\(auxIDs.contains(id) ? "aux item" : "item") \(id): pixi says \(got.count) channel(s) of \(got) bits, hvcC codes \(expected.count) of \(expected) (chroma_format_idc \(h.chromaFormatIDC))")
        })
    }
}

/// Where a finding about an associated property points: the property box in `ipco`.
struct AssociatedPropertyPlace {
    let offset: Int
    let path: String

    init(_ p: HEIF.AssociatedProperty) {
        offset = p.range.lowerBound
        path = "meta/iprp/ipco[\(p.index)]:\(p.type)"
    }
}
