import CHeifLazy
import CJPEGBridge
import Container

/// Encodes a picture as a new primary photo, for `embed` from a PNG, PPM or plain JPEG: a
/// baseline JPEG (ITU-T T.81, libjpeg-turbo; YCbCr 4:2:0 with JFIF) or a HEIC whose one
/// item is lossy 8-bit 4:2:0 HEVC (libheif's x265 encoder; ISO/IEC 23008-12). The aux images
/// are then added by `AuxEmbedder`, as to a photo from a camera.
public enum PrimaryEncoder {
    /// The quality `embed` encodes a new primary at.
    public static let defaultQuality = 90

    /// A JPEG file, SOI to EOI, with a JFIF APP0 segment.
    public static func jpeg(_ picture: PhotoPixels, quality: Int = defaultQuality) throws(ParseError) -> [UInt8] {
        guard picture.width <= 65_500, picture.height <= 65_500 else {
            throw ParseError(.writeNotAnImage, at: 0, path: "image", "\(picture.width)x\(picture.height): a JPEG is at most 65500 pixels a side")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = picture.rgb.withUnsafeBufferPointer { s in
            cje_encode_rgb(s.baseAddress, UInt32(picture.width), UInt32(picture.height), Int32(max(1, min(100, quality))),
                           &out, &count, &message, message.count)
        }
        guard status == 0, let p = out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ParseError(.writeNotAnImage, at: 0, path: "image", "libjpeg: \(text)")
        }
        defer { cje_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }

    /// A HEIF file (brand `heic`) whose primary is the picture, coded lossily at `quality`.
    /// libheif converts the RGB pixels to YCbCr 4:2:0 and writes an `nclx` colour box; a
    /// picture whose size the encoder pads is cropped back by libheif itself. No `irot` or
    /// `imir` is written (libheif 1.15's `image_orientation` turns the stored pixels too).
    public static func heic(_ picture: PhotoPixels, quality: Int = defaultQuality) throws(ParseError) -> [UInt8] {
        let (width, height) = (picture.width, picture.height)
        guard width <= 16_384, height <= 16_384 else {
            throw ParseError(.writeNotAnImage, at: 0, path: "image", "\(width)x\(height): HEVC pictures are encoded up to 16384 pixels a side")
        }
        func failed(_ e: heif_error, _ what: String) -> ParseError {
            let text = e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)"
            return ParseError(.writeNotAnImage, at: 0, path: "image", "libheif \(what): \(text)")
        }
        guard let ctx = heif_context_alloc() else { throw ParseError(.writeNotAnImage, at: 0, path: "image", "libheif: no context") }
        defer { heif_context_free(ctx) }
        var encoder: OpaquePointer?
        var e = heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder)
        guard e.code == heif_error_Ok, let enc = encoder else { throw failed(e, "encoder") }
        defer { heif_encoder_release(enc) }
        e = heif_encoder_set_lossy_quality(enc, Int32(max(0, min(100, quality))))
        guard e.code == heif_error_Ok else { throw failed(e, "quality") }
        e = heif_encoder_set_parameter_string(enc, "chroma", "420")
        guard e.code == heif_error_Ok else { throw failed(e, "chroma") }
        var image: OpaquePointer?
        e = heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image)
        guard e.code == heif_error_Ok, let img = image else { throw failed(e, "image") }
        defer { heif_image_release(img) }
        e = heif_image_add_plane(img, heif_channel_interleaved, Int32(width), Int32(height), 8)
        guard e.code == heif_error_Ok else { throw failed(e, "plane") }
        var stride: Int32 = 0
        let row = width * 3  // safe: width <= 16384
        guard let plane = heif_image_get_plane(img, heif_channel_interleaved, &stride), Int(stride) >= row else {
            throw ParseError(.writeNotAnImage, at: 0, path: "image", "libheif: no plane")
        }
        picture.rgb.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            for y in 0..<height {
                // The plane has `height` rows of `stride` >= width·3 bytes; rgb has width·height·3.
                (plane + y * Int(stride)).update(from: base + y * row, count: row)
            }
        }
        e = heif_context_encode_image(ctx, img, enc, nil, nil)
        guard e.code == heif_error_Ok else { throw failed(e, "encode") }
        return try HEVCGrayEncoder.written(ctx)
    }
}
