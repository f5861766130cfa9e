import CJPEGBridge
import Container

/// Encodes an 8-bit gray map as a baseline one-component JPEG (ITU-T T.81, libjpeg-turbo),
/// the way iPhone JPEGs store depth, disparity and mattes.
package enum GrayJPEGEncoder {
    /// The JPEG stream, SOI to EOI, without a JFIF segment.
    package static func encode(_ samples: [UInt8], width: Int, height: Int, quality: Int = 100) throws(WriteError) -> [UInt8] {
        guard width > 0, height > 0, width <= 65_500, height <= 65_500, let n = width *? height, samples.count == n else {
            throw WriteError(.notAnImage, at: 0, path: "map", "\(samples.count) samples for \(width)x\(height)")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = samples.withUnsafeBufferPointer { s in
            cje_encode_gray(s.baseAddress, UInt32(width), UInt32(height), Int32(max(1, min(100, quality))),
                            &out, &count, &message, message.count)
        }
        guard status == 0, let p = out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw WriteError(.notAnImage, at: 0, path: "map", "libjpeg: \(text)")
        }
        defer { cje_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }
}
