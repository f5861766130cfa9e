import CHeifLazy
import CJPEGBridge
import Container

/// Encodes a picture as a new primary photo, for `embed` from a PNG, PPM or plain JPEG: a
/// baseline JPEG (ITU-T T.81, libjpeg-turbo; YCbCr 4:2:0 with JFIF) or a HEIC whose one
/// item is lossy 8-bit 4:2:0 HEVC (libheif's x265 encoder; ISO/IEC 23008-12). The aux images
/// are then added by `AuxEmbedder`, as to a photo from a camera.
package enum PrimaryEncoder {
    /// The quality `embed` encodes a new primary at.
    package static let defaultQuality = 90

    /// A JPEG file, SOI to EOI, with a JFIF APP0 segment.
    package static func jpeg(_ picture: PhotoPixels, quality: Int = defaultQuality) throws(WriteError) -> [UInt8] {
        guard picture.width <= 65_500, picture.height <= 65_500 else {
            throw WriteError(.notAnImage, at: 0, path: "image", "\(picture.width)x\(picture.height): a JPEG is at most 65500 pixels a side")
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
            throw WriteError(.notAnImage, at: 0, path: "image", "libjpeg: \(text)")
        }
        defer { cje_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }

    /// A HEIF file (brand `heic`) whose primary is the picture, coded lossily at `quality`.
    /// libheif converts the RGB pixels to YCbCr 4:2:0 and writes an `nclx` colour box; a
    /// picture whose size the encoder pads is cropped back by libheif itself. No `irot` or
    /// `imir` is written (libheif 1.15's `image_orientation` turns the stored pixels too).
    package static func heic(_ picture: PhotoPixels, quality: Int = defaultQuality) throws(WriteError) -> [UInt8] {
        let (width, height) = (picture.width, picture.height)
        guard width <= 16_384, height <= 16_384 else {
            throw WriteError(.notAnImage, at: 0, path: "image", "\(width)x\(height): HEVC pictures are encoded up to 16384 pixels a side")
        }
        let q = Int32(max(0, min(100, quality)))
        return try LibheifEncoding.heif(picture.rgb, width: width, height: height, channels: 3, path: "image", settings: [
            ("quality", { heif_encoder_set_lossy_quality($0, q) }),
            ("chroma", { heif_encoder_set_parameter_string($0, "chroma", "420") }),
        ])
    }
}
