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

    /// Collects what `heif_context_write` produces.
    private final class Sink {
        var bytes: [UInt8] = []
    }

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
        func failed(_ e: heif_error, _ what: String) -> ParseError {
            let text = e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)"
            return ParseError(.writeNotAnImage, at: 0, path: "map", "libheif \(what): \(text)")
        }
        guard let ctx = heif_context_alloc() else { throw ParseError(.writeNotAnImage, at: 0, path: "map", "libheif: no context") }
        defer { heif_context_free(ctx) }
        var encoder: OpaquePointer?
        var e = heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder)
        guard e.code == heif_error_Ok, let enc = encoder else { throw failed(e, "encoder") }
        defer { heif_encoder_release(enc) }
        e = heif_encoder_set_lossless(enc, 1)
        guard e.code == heif_error_Ok else { throw failed(e, "lossless") }
        var image: OpaquePointer?
        e = heif_image_create(Int32(width), Int32(height), heif_colorspace_monochrome, heif_chroma_monochrome, &image)
        guard e.code == heif_error_Ok, let img = image else { throw failed(e, "image") }
        defer { heif_image_release(img) }
        e = heif_image_add_plane(img, heif_channel_Y, Int32(width), Int32(height), 8)
        guard e.code == heif_error_Ok else { throw failed(e, "plane") }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(img, heif_channel_Y, &stride), Int(stride) >= width else {
            throw ParseError(.writeNotAnImage, at: 0, path: "map", "libheif: no plane")
        }
        guard samples.count >= width * height else {
            throw ParseError(.writeNotAnImage, at: 0, path: "map", "\(samples.count) samples for a \(width)×\(height) map")
        }
        samples.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            for y in 0..<height {
                // safe: the plane has `height` rows of `stride` >= width bytes; s has width·height.
                (plane + y * Int(stride)).update(from: base + y * width, count: width)
            }
        }
        e = heif_context_encode_image(ctx, img, enc, nil, nil)
        guard e.code == heif_error_Ok else { throw failed(e, "encode") }
        return try lift(try written(ctx))
    }

    /// The HEIF file libheif writes of `ctx`, in memory.
    static func written(_ ctx: OpaquePointer) throws(ParseError) -> [UInt8] {
        let sink = Sink()
        var writer = heif_writer()
        writer.writer_api_version = 1
        writer.write = { _, data, size, user in
            if let data, let user {
                let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
                s.bytes += UnsafeRawBufferPointer(start: data, count: size)
            }
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: nil)
        }
        let e = heif_context_write(ctx, &writer, Unmanaged.passUnretained(sink).toOpaque())
        guard e.code == heif_error_Ok else {
            let text = e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)"
            throw ParseError(.writeNotAnImage, at: 0, path: "map", "libheif write: \(text)")
        }
        return sink.bytes
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
