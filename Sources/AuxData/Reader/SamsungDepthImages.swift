import Container

/// The depth maps of a Samsung SEF trailer as aux images (ExifTool Samsung Trailer tags,
/// exiftool.org/TagNames/Samsung.html#Trailer): blocks of type 0x0AB1 (`DualShot_DepthMap_N`)
/// and 0x0B41 (`SingeShot_DepthMap_1`) that lie in the file. A block that starts with SOI is a
/// JPEG; other data are 8-bit samples, listed when the `DualShot_Extra_Info` block (0x0AB3)
/// gives a width and height whose product is their count.
enum SamsungDepthImages {
    static let depthTypes: Set<UInt16> = [0x0AB1, 0x0B41]
    static let extraInfo: UInt16 = 0x0AB3

    static func images(_ dir: JPEG.SamsungDirectory, bytes: [UInt8], firstIndex: Int,
                       limits: ParseLimits, issues: inout [ParseError]) -> [ParsedAuxImage] {
        let size = dir.entries.first { $0.type == extraInfo }.flatMap { $0.data.flatMap { mapSize(in: bytes, $0) } }
        var out: [ParsedAuxImage] = []
        for e in dir.entries where depthTypes.contains(e.type) {
            guard let r = e.data, !r.isEmpty, let name = e.name else { continue }
            let at = SourceLocation(offset: r.lowerBound, path: "SEFH/entry[\(e.number + 1)]/\(name)")
            let coded: CodedImage
            let bare: Bool
            if r.count >= 2, bytes[r.lowerBound] == 0xFF, bytes[r.lowerBound + 1] == 0xD8 {
                let sized = CodedImage(embedded: Array(bytes[r]), location: at, codec: .jpeg)
                coded = CodedImage(location: at, dataRange: r, codec: .jpeg, width: sized.width, height: sized.height,
                                   components: sized.components, bitDepth: sized.bitDepth)
                bare = false
            } else if let (w, h) = size, (w *? h) == r.count {
                coded = CodedImage(location: at, dataRange: r, codec: .declared("8-bit samples"), width: w, height: h,
                                   components: 1, bitDepth: 8)
                bare = true
            } else {
                continue
            }
            PixelLimit.check(coded, limits, issues: &issues)
            guard let index = firstIndex +? out.count else { break }
            let meta: [(String, MetadataValue)] = [("Samsung:Type", .text("0x" + hex4(e.type))), ("Samsung:Name", .text(name)),
                                                   ("Samsung:Size", .text(String(e.size)))]
            out.append(ParsedAuxImage(index: index, kind: .depth, auxType: "Samsung:" + name, coded: coded,
                                      parts: [.samsungDepth(SamsungDepthMap(name: name, type: e.type, bareSamples: bare))],
                                      geometry: AuxGeometry(masters: [1]), metadata: meta))
        }
        return out
    }

    /// The depth map's width and height in `DualShot_Extra_Info`, where ExifTool finds them:
    /// the four bytes [1…9] 00 FF FF mark the place, at a multiple of 4 within data bytes
    /// 32…95, and the two u32 right after the mark are the width and the height (their place
    /// varies by model). Nil when the block is shorter than 96 bytes or has no mark.
    static func mapSize(in b: [UInt8], _ r: Range<Int>) -> (Int, Int)? {
        guard r.count >= 96 else { return nil }
        var p = r.lowerBound + 32
        while p + 4 <= r.lowerBound + 96 {
            if (1...9).contains(b[p]), b[p + 1] == 0, b[p + 2] == 0xFF, b[p + 3] == 0xFF {
                let at = p + 4
                guard at + 8 <= r.upperBound, let w = JPEG.KnownTrailer.u32(b, at, big: false), let h = JPEG.KnownTrailer.u32(b, at + 4, big: false), w > 0, h > 0 else { return nil }
                return (Int(w), Int(h))
            }
            p += 4
        }
        return nil
    }

    static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
