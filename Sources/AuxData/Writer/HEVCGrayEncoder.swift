import CHeifLazy
import Container

/// Encodes an 8-bit gray map losslessly as monochrome (4:0:0) HEVC with libheif's x265
/// encoder, into a HEIF in memory whose one item's `hvcC` and coded data are then lifted out
/// with Container's own parser (libheif 1.15 has no API to add an aux item to a file).
///
/// A map of any size from 1×1 is stored at its own size. libheif 1.15 codes a picture as it
/// is only when both sides are even and at least 64 (one x265 coding tree block); anything
/// else it pads and crops back with a derived item, which an aux item cannot have (Apple puts
/// no `clap` on aux items). So the map is padded here, by repeating its last column and row,
/// to the size libheif codes as it is, and the padding is cropped by the conformance window of
/// the SPS (ITU-T H.265 §7.4.3.2.1; offsets in luma samples, SubWidthC = SubHeightC = 1 for
/// 4:0:0, Table 6-1), which every HEVC decoder applies to its output. The slices stay as x265
/// coded them.
package enum HEVCGrayEncoder {
    /// The lifted parts: the whole `hvcC` property box and the item's coded bytes.
    package struct Coded: Sendable {
        package let hvcCBox: [UInt8]
        package let data: [UInt8]
    }

    /// The smallest width and height libheif 1.15 codes without padding (one x265 CTB).
    package static let minimumCodedSide = 64
    /// The largest width and height written: libheif's limit for an x265 picture.
    package static let maximumSide = 65_500

    package static func encode(_ samples: [UInt8], width: Int, height: Int) throws(WriteError) -> Coded {
        guard width > 0, height > 0, let n = width *? height, samples.count == n else {
            throw WriteError(.notAnImage, at: 0, path: "map", "\(samples.count) samples for \(width)x\(height)")
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw WriteError(.mapSizeUnsupported, at: 0, path: "map",
                             "\(width)x\(height): HEVC aux maps are written up to \(maximumSide)x\(maximumSide)")
        }
        let codedWidth = codedSide(width), codedHeight = codedSide(height)
        let padded = pad(samples, width: width, height: height, to: codedWidth, codedHeight)
        let coded = try lift(LibheifEncoding.heif(padded, width: codedWidth, height: codedHeight, channels: 1, path: "map",
                                                  settings: [("lossless", { heif_encoder_set_lossless($0, 1) })]))
        return try cropped(coded, right: codedWidth - width, bottom: codedHeight - height, to: width, height)
    }

    /// The side libheif 1.15 codes as it is: even, and at least `minimumCodedSide`.
    static func codedSide(_ side: Int) -> Int {
        max(minimumCodedSide, side + side % 2)
    }

    /// `samples` (`width`×`height`) in a `codedWidth`×`codedHeight` picture, the last column
    /// and row repeated: the padding costs the fewest bits, and is never output.
    static func pad(_ samples: [UInt8], width: Int, height: Int, to codedWidth: Int, _ codedHeight: Int) -> [UInt8] {
        guard codedWidth != width || codedHeight != height else { return samples }
        var out: [UInt8] = []
        out.reserveCapacity(codedWidth * codedHeight)   // safe: both at most 65,500
        for y in 0..<codedHeight {
            let row = min(y, height - 1) * width
            out += samples[row..<(row + width)]
            out += repeatElement(samples[row + width - 1], count: codedWidth - width)
        }
        return out
    }

    /// `coded` with its SPS cropped by `right` columns and `bottom` rows, in `hvcC` and in the
    /// coded data if libheif put one there too, and checked to give `width`×`height`.
    static func cropped(_ coded: Coded, right: Int, bottom: Int, to width: Int, _ height: Int) throws(WriteError) -> Coded {
        var result = coded
        if right > 0 || bottom > 0 {
            let box = try HEIF.ConformanceWindowEditor.hvcC(coded.hvcCBox, croppingRight: right, bottom: bottom)
            let lengthSize = try WriteError.reading(try configuration(box)).lengthSize
            var inBand = 0
            let data = try HEIF.ConformanceWindowEditor.samples(coded.data, lengthSize: lengthSize,
                                                               croppingRight: right, bottom: bottom, changed: &inBand)
            result = Coded(hvcCBox: box, data: data)
        }
        // ISO/IEC 23008-12 §6.5.3: ispe (the map's size) is the size of the decoded picture.
        let config = try WriteError.reading(try configuration(result.hvcCBox))
        guard let sps = config.sps, sps.chromaFormatIDC == 0,
              sps.croppedWidth == UInt32(width), sps.croppedHeight == UInt32(height) else {
            let got = config.sps.map { "\($0.croppedWidth ?? 0)x\($0.croppedHeight ?? 0), chroma_format_idc \($0.chromaFormatIDC)" } ?? "no SPS"
            throw WriteError(.notAnImage, at: 0, path: "map", "the coded map is \(got), not \(width)x\(height) monochrome")
        }
        return result
    }

    static func configuration(_ box: [UInt8]) throws(ParseError) -> HEIF.HEVCConfiguration {
        var r = try ByteReader(box, range: min(8, box.count)..<box.count, path: "hvcC")
        return try HEIF.HEVCConfiguration(parsing: &r)
    }

    /// The coded item's `hvcC` box and data from a HEIF libheif wrote.
    static func lift(_ heif: [UInt8]) throws(WriteError) -> Coded {
        let file = try WriteError.reading(try HEIF.File(parsing: heif))
        // The coded image must be the primary itself: a derived primary means libheif padded
        // the picture, which `codedSide` exists to prevent.
        guard let id = file.primaryItemID, file.item(id)?.type == BMFF.BoxType.hvc1 else {
            throw WriteError(.notAnImage, at: 0, path: "map", "libheif padded a picture it was expected to code as it is")
        }
        guard
              let hvcC = file.properties(of: id).first(where: { $0.type == BMFF.BoxType.hvcC }),
              let ranges = file.dataRanges[id] else {
            throw WriteError(.notAnImage, at: 0, path: "map", "libheif wrote no hvcC or no data")
        }
        let box = hvcC.range
        guard box.upperBound <= heif.count, ranges.allSatisfy({ $0.upperBound <= heif.count }) else {
            throw WriteError(ParseError(.truncated, at: heif.count, path: "map"))
        }
        return Coded(hvcCBox: Array(heif[box]), data: ranges.flatMap { heif[$0] })
    }
}
