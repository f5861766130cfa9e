import CHeifLazy
import Container

/// Encodes an 8-bit gray map losslessly as monochrome (4:0:0) HEVC with libheif's x265
/// encoder, into a HEIF in memory whose one item's `hvcC` and coded data are then lifted out
/// with Container's own parser (libheif 1.15 has no API to add an aux item to a file).
public enum HEVCGrayEncoder {
    /// The lifted parts: the whole `hvcC` property box and the item's coded bytes.
    public struct Coded: Sendable {
        public let hvcCBox: [UInt8]
        public let data: [UInt8]
    }

    /// The smallest width and height written (one x265 coding tree block).
    public static let minimumSide = 64

    public static func encode(_ samples: [UInt8], width: Int, height: Int) throws(ParseError) -> Coded {
        guard width > 0, height > 0, width <= 65_500, height <= 65_500, let n = width *? height, samples.count == n else {
            throw ParseError(.writeNotAnImage, at: 0, path: "map", "\(samples.count) samples for \(width)x\(height)")
        }
        // libheif 1.15 pads a picture narrower or lower than one x265 CTB (64), or of an odd
        // size, and crops it back with a derived item; an aux item has no crop (Apple puts no
        // clap on aux items), so such a map cannot be stored at its own size.
        guard width >= minimumSide, height >= minimumSide, width % 2 == 0, height % 2 == 0 else {
            throw ParseError(.writeMapSizeUnsupported, at: 0, path: "map",
                             "\(width)x\(height): HEVC aux maps are written at even sizes from \(minimumSide)x\(minimumSide) up")
        }
        return try lift(LibheifEncoding.heif(samples, width: width, height: height, channels: 1, path: "map",
                                             settings: [("lossless", { heif_encoder_set_lossless($0, 1) })]))
    }

    /// The coded item's `hvcC` box and data from a HEIF libheif wrote.
    static func lift(_ heif: [UInt8]) throws(ParseError) -> Coded {
        let file = try HEIF.File(parsing: heif)
        // The coded image must be the primary itself: a derived primary means libheif padded
        // the picture and crops it back, which an aux item cannot do.
        guard let id = file.primaryItemID, file.item(id)?.type == BMFF.BoxType.hvc1 else {
            throw ParseError(.writeMapSizeUnsupported, at: 0, path: "map", "libheif padded the map; its size cannot be coded as it is")
        }
        guard
              let hvcC = file.properties(of: id).first(where: { $0.type == BMFF.BoxType.hvcC }),
              let ranges = file.dataRanges[id] else {
            throw ParseError(.writeNotAnImage, at: 0, path: "map", "libheif wrote no hvcC or no data")
        }
        let box = hvcC.range
        guard box.upperBound <= heif.count, ranges.allSatisfy({ $0.upperBound <= heif.count }) else {
            throw ParseError(.truncated, at: heif.count, path: "map")
        }
        return Coded(hvcCBox: Array(heif[box]), data: ranges.flatMap { heif[$0] })
    }
}
