import CHeifLazy
import Container

/// One picture coded by libheif's HEVC (x265) encoder into a HEIF file in memory: the one
/// sequence both the lossless gray maps (`HEVCGrayEncoder`) and the lossy new primaries
/// (`PrimaryEncoder`) go through, each with its own encoder settings.
enum LibheifEncoding {
    /// An encoder setting, named for the error that says it failed.
    typealias Setting = (what: String, apply: (OpaquePointer) -> heif_error)

    /// `samples` are `height` rows of `width` × `channels` bytes: 1 channel is coded as
    /// monochrome (4:0:0), 3 as interleaved RGB that libheif converts to YCbCr. `path` names
    /// the picture in errors.
    static func heif(_ samples: [UInt8], width: Int, height: Int, channels: Int, path: String,
                     settings: [Setting]) throws(WriteError) -> [UInt8] {
        guard channels == 1 || channels == 3, width > 0, height > 0, width <= 65_500, height <= 65_500,
              let row = width *? channels, let n = row *? height, samples.count >= n else {
            throw WriteError(.notAnImage, at: 0, path: path, "\(samples.count) samples for a \(width)×\(height)×\(channels) picture")
        }
        func failed(_ e: heif_error, _ what: String) -> WriteError {
            let text = e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)"
            return WriteError(.notAnImage, at: 0, path: path, "libheif \(what): \(text)")
        }
        guard let ctx = heif_context_alloc() else { throw WriteError(.notAnImage, at: 0, path: path, LibheifAvailability.noContext) }
        defer { heif_context_free(ctx) }
        var encoder: OpaquePointer?
        var e = heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder)
        guard e.code == heif_error_Ok, let enc = encoder else { throw failed(e, "encoder") }
        defer { heif_encoder_release(enc) }
        for s in settings {
            e = s.apply(enc)
            guard e.code == heif_error_Ok else { throw failed(e, s.what) }
        }
        let gray = channels == 1
        let channel = gray ? heif_channel_Y : heif_channel_interleaved
        var image: OpaquePointer?
        e = heif_image_create(Int32(width), Int32(height), gray ? heif_colorspace_monochrome : heif_colorspace_RGB,
                              gray ? heif_chroma_monochrome : heif_chroma_interleaved_RGB, &image)
        guard e.code == heif_error_Ok, let img = image else { throw failed(e, "image") }
        defer { heif_image_release(img) }
        e = heif_image_add_plane(img, channel, Int32(width), Int32(height), 8)
        guard e.code == heif_error_Ok else { throw failed(e, "plane") }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(img, channel, &stride), Int(stride) >= row else {
            throw WriteError(.notAnImage, at: 0, path: path, "libheif: no plane")
        }
        samples.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            for y in 0..<height {
                // safe: the plane has `height` rows of `stride` >= row bytes; samples has row·height.
                (plane + y * Int(stride)).update(from: base + y * row, count: row)
            }
        }
        e = heif_context_encode_image(ctx, img, enc, nil, nil)
        guard e.code == heif_error_Ok else { throw failed(e, "encode") }
        return try written(ctx, path: path)
    }

    /// Collects what `heif_context_write` produces.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// The HEIF file libheif writes of `ctx`, in memory.
    private static func written(_ ctx: OpaquePointer, path: String) throws(WriteError) -> [UInt8] {
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
            throw WriteError(.notAnImage, at: 0, path: path, "libheif write: \(text)")
        }
        return sink.bytes
    }
}
