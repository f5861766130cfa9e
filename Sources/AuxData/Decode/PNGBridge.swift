import CPNGBridge
import Container

/// libpng (ISO/IEC 15948) for the rest of depthcheck: decode a gray map (or the first channel
/// of a colour one) and encode 8/16-bit gray PNGs with tEXt chunks, streaming, with every libpng
/// error returned as a value.
package enum PNGBridge {
    /// Decodes a whole PNG to its samples (the writer's maps are small; the aux decoder
    /// streams). The size is checked against `maxPixels` before anything is allocated.
    package static func decodeGray(_ png: [UInt8], maxPixels: Int = 256 << 20,
                                  at location: SourceLocation = SourceLocation(offset: 0, path: "PNG")) throws(AuxDecodeError) -> StoredImage {
        var c = StoredImageCollector(maxPixels: maxPixels, location: location)
        try png.withUnsafeBufferPointer { p throws(AuxDecodeError) in
            try PNGAuxDecoder.decode(p, maxPixels: maxPixels, at: location, into: &c)
        }
        guard let image = c.image else { throw AuxDecodeError(.undecodable, "no image", at: location) }
        return image
    }

    /// Decodes a whole PNG to 8-bit R G B, `width` × 3 bytes a row: gray is repeated, a
    /// palette expanded, 16-bit samples scaled to 8 bits, alpha dropped. For a picture that
    /// becomes a new primary (`embed`); the size is checked against `maxPixels` from the
    /// header, before anything is allocated.
    package static func decodeRGB(_ png: [UInt8], maxPixels: Int = 256 << 20,
                                 at location: SourceLocation = SourceLocation(offset: 0, path: "PNG"))
        throws(AuxDecodeError) -> (width: Int, height: Int, rgb: [UInt8]) {
        try png.withUnsafeBufferPointer { (p) throws(AuxDecodeError) -> (width: Int, height: Int, rgb: [UInt8]) in
            guard let base = p.baseAddress, let d = cpb_open(base, p.count) else {
                throw AuxDecodeError(.undecodable, "libpng could not start", at: location)
            }
            defer { cpb_close(d) }
            var h = cpb_header()
            guard cpb_start_rgb(d, UInt64(max(0, maxPixels)), &h) == 0 else {
                let message = String(cString: cpb_message(d))
                throw AuxDecodeError(message.contains("pixel limit") ? .overLimit : .undecodable, message, at: location)
            }
            let width = Int(h.width), height = Int(h.height)
            guard width > 0, height > 0, let n = width *? height, n <= maxPixels, let stride = width *? 3, let size = n *? 3 else {
                throw AuxDecodeError(.overLimit, "\(width) × \(height) is above the pixel limit", at: location)
            }
            var rgb = [UInt8](repeating: 0, count: size)
            let fail = { AuxDecodeError(.undecodable, String(cString: cpb_message(d)), at: location) }
            try rgb.withUnsafeMutableBufferPointer { (out) throws(AuxDecodeError) in
                guard let o = out.baseAddress else { throw fail() }
                if h.interlaced != 0 {
                    guard cpb_read_image(d, o, stride) == 0 else { throw fail() }
                } else {
                    var row = 0
                    while row < height {
                        let got = cpb_read_rows(d, o + row * stride, stride, UInt32(height - row))
                        guard got > 0 else { throw fail() }
                        row += Int(got)
                    }
                }
            }
            guard cpb_finish(d) == 0 else { throw fail() }
            return (width, height, rgb)
        }
    }

    package struct EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// A gray or RGB PNG being written: the header (with its tEXt chunks) at `init`, then rows, then
    /// `finish`. Encoded bytes go to `output` as libpng produces them.
    package final class Encoder {
        private var encoder: OpaquePointer?
        private let sink: Sink
        package let width: Int
        package let bitDepth: Int
        /// Samples per pixel: 1 (gray) or 3 (RGB).
        package let channels: Int

        final class Sink {
            let write: ([UInt8]) -> Bool
            init(_ write: @escaping ([UInt8]) -> Bool) { self.write = write }
        }

        /// `bitDepth` 8 or 16; `channels` 1 (gray) or 3 (RGB, colour type 2); `text` keywords
        /// of 1–79 Latin-1 characters (ISO/IEC 15948 §11.3.4.3). `output` returns false to stop
        /// with an error.
        package init(width: Int, height: Int, bitDepth: Int, channels: Int = 1, text: [(String, String)] = [],
                    output: @escaping ([UInt8]) -> Bool) throws(EncodeError) {
            guard let w = UInt32(exactly: width), let h = UInt32(exactly: height), w > 0, h > 0 else {
                throw EncodeError(description: "a PNG is 1 to 2^31−1 pixels wide and high, not \(width)×\(height)")
            }
            guard bitDepth == 8 || bitDepth == 16 else { throw EncodeError(description: "bit depth \(bitDepth): 8 or 16 only") }
            guard channels == 1 || channels == 3 else { throw EncodeError(description: "\(channels) channels: 1 or 3 only") }
            for (k, _) in text where k.utf8.count < 1 || k.utf8.count > 79 {
                throw EncodeError(description: "tEXt keyword '\(k)' is not 1 to 79 bytes")
            }
            self.width = width
            self.bitDepth = bitDepth
            sink = Sink(output)
            let context = Unmanaged.passUnretained(sink).toOpaque()
            let keys = text.map { strdupC($0.0) }, values = text.map { strdupC($0.1) }
            defer { (keys + values).forEach { $0.deallocate() } }
            let keyPointers = keys.map { UnsafePointer<CChar>?($0) }, valuePointers = values.map { UnsafePointer<CChar>?($0) }
            self.channels = channels
            encoder = keyPointers.withUnsafeBufferPointer { kp in
                valuePointers.withUnsafeBufferPointer { vp in
                    channels == 3
                        ? cpb_encoder_open_rgb_text(w, h, Int32(bitDepth), kp.baseAddress, vp.baseAddress, Int32(text.count),
                                                    Encoder.forward, context)
                        : cpb_encoder_open(w, h, Int32(bitDepth), kp.baseAddress, vp.baseAddress, Int32(text.count), Encoder.forward, context)
                }
            }
            try started()
        }

        /// An 8-bit RGB PNG (for pictures: report thumbnails and colour-mapped maps); rows are
        /// `width` × 3 bytes, R G B.
        package init(rgbWidth width: Int, height: Int, output: @escaping ([UInt8]) -> Bool) throws(EncodeError) {
            guard let w = UInt32(exactly: width), let h = UInt32(exactly: height), w > 0, h > 0 else {
                throw EncodeError(description: "a PNG is 1 to 2^31−1 pixels wide and high, not \(width)×\(height)")
            }
            self.width = width
            self.bitDepth = 8
            channels = 3
            sink = Sink(output)
            encoder = cpb_encoder_open_rgb(w, h, Encoder.forward, Unmanaged.passUnretained(sink).toOpaque())
            try started()
        }

        /// Hands libpng's output to the sink; non-zero stops the encoder.
        private static let forward: cpb_write_fn = { ctx, bytes, count in
            guard let ctx, let bytes else { return 1 }
            let s = Unmanaged<Sink>.fromOpaque(ctx).takeUnretainedValue()
            return s.write(Array(UnsafeBufferPointer(start: bytes, count: count))) ? 0 : 1
        }

        private func started() throws(EncodeError) {
            guard let e = encoder else { throw EncodeError(description: "libpng could not start") }
            let message = String(cString: cpb_encoder_message(e))
            if !message.isEmpty { throw EncodeError(description: message) }
        }

        deinit { cpb_encoder_close(encoder) }

        /// Writes 8-bit rows (`bitDepth` 8), packed `width` × `channels` samples each.
        package func write(rows: UnsafeBufferPointer<UInt8>) throws(EncodeError) {
            try write(UnsafeRawBufferPointer(rows), stride: width * channels)
        }

        /// Writes 16-bit rows (`bitDepth` 16), packed `width` × `channels` samples each.
        package func write(rows: UnsafeBufferPointer<UInt16>) throws(EncodeError) {
            try write(UnsafeRawBufferPointer(rows), stride: width * channels * 2)
        }

        private func write(_ raw: UnsafeRawBufferPointer, stride: Int) throws(EncodeError) {
            guard let e = encoder, stride > 0, raw.count % stride == 0, stride == width * channels * bitDepth / 8 else {
                throw EncodeError(description: "rows of \(raw.count) bytes do not fit a \(width)-pixel \(bitDepth)-bit image")
            }
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            if cpb_encoder_write_rows(e, base, stride, UInt32(raw.count / stride)) != 0 {
                throw EncodeError(description: String(cString: cpb_encoder_message(e)))
            }
        }

        /// Writes IEND.
        package func finish() throws(EncodeError) {
            guard let e = encoder else { return }
            if cpb_encoder_finish(e) != 0 { throw EncodeError(description: String(cString: cpb_encoder_message(e))) }
        }
    }

    /// A C string copy (tEXt is Latin-1; depthcheck writes ASCII).
    static func strdupC(_ s: String) -> UnsafeMutablePointer<CChar> {
        let u = Array(s.utf8)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: u.count + 1)
        for (i, b) in u.enumerated() { p[i] = CChar(bitPattern: b) }
        p[u.count] = 0
        return p
    }
}
