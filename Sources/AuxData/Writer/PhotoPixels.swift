import CJPEGBridge
import Container

/// The pixels of a picture that `embed` encodes as a new primary photo: a PNG (libpng; gray
/// repeated, 16 bits scaled to 8, alpha dropped), a binary PPM (Netpbm P6, maxval up to 255)
/// or a JPEG (libjpeg-turbo, in its stored frame). Eight-bit R G B, rows top to bottom. These
/// files come from outside: every size is checked against the bytes and the pixel limit before
/// anything is allocated.
package struct PhotoPixels: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// `width` × `height` × 3 bytes, R G B, row-major.
    package let rgb: [UInt8]

    package init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, let n = width *? height, let size = n *? 3, rgb.count == size else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    package enum Format: String, Sendable {
        case png = "PNG", ppm = "PPM", jpeg = "JPEG"
    }

    /// PNG, PPM (P6) or JPEG by their first bytes; nil for anything else.
    package static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("P6".utf8)), bytes.count > 2, bytes[2] <= 0x20 || bytes[2] == 0x23 { return .ppm }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
        switch Self.format(of: bytes) {
        case .png: self = try Self.png(bytes, maxPixels: limits.maxPixels)
        case .ppm: self = try Self.ppm(bytes, maxPixels: limits.maxPixels)
        case .jpeg: self = try Self.jpeg(bytes, maxPixels: limits.maxPixels)
        case nil: throw ParseError(.photoUnknownFormat, at: 0, path: "image", "not a PNG, a binary PPM (P6) or a JPEG")
        }
    }

    static func png(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> PhotoPixels {
        let decoded: (width: Int, height: Int, rgb: [UInt8])
        do { decoded = try PNGBridge.decodeRGB(bytes, maxPixels: maxPixels, at: SourceLocation(offset: 0, path: "image")) } catch {
            throw ParseError(error.code == .overLimit ? .limitExceeded : .photoMalformed, at: 0, path: "image", "PNG: \(error.message)")
        }
        guard let p = PhotoPixels(width: decoded.width, height: decoded.height, rgb: decoded.rgb) else {
            throw ParseError(.photoMalformed, at: 0, path: "image", "PNG: libpng gave \(decoded.rgb.count) bytes for \(decoded.width)x\(decoded.height)")
        }
        return p
    }

    /// Netpbm PPM: `P6 width height maxval`, one whitespace byte, then rows of R G B samples of
    /// one byte each (maxval 1...255; samples are scaled to 0...255 and clipped at maxval).
    static func ppm(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> PhotoPixels {
        let (h, start) = try MapFile.headerNumbers(bytes, from: 2, count: 3, path: "image", code: .photoMalformed)
        let (width, height, maxval) = (h[0], h[1], h[2])
        guard width > 0, height > 0, let n = width *? height, n <= maxPixels, let size = n *? 3 else {
            throw ParseError(.limitExceeded, at: 2, path: "image", "\(width)x\(height) is empty or above \(maxPixels) pixels")
        }
        guard maxval > 0, maxval < 256 else {
            throw ParseError(.photoMalformed, at: 2, path: "image", "maxval \(maxval): PPMs of 8 bits (maxval 1...255) are read")
        }
        guard bytes.count - start >= size else {
            throw ParseError(.truncated, at: bytes.count, path: "image", "\(n) pixels need \(size) bytes after the header")
        }
        var rgb = Array(bytes[start..<(start + size)])
        if maxval < 255 {
            for k in rgb.indices { rgb[k] = UInt8((min(Int(rgb[k]), maxval) * 255 + maxval / 2) / maxval) }
        }
        guard let p = PhotoPixels(width: width, height: height, rgb: rgb) else {
            throw ParseError(.photoMalformed, at: 2, path: "image", "\(width)x\(height)")
        }
        return p
    }

    /// A JPEG through libjpeg-turbo at full size, converted to RGB, in its stored frame (the
    /// Exif Orientation is not applied).
    static func jpeg(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> PhotoPixels {
        try bytes.withUnsafeBufferPointer { (data) throws(ParseError) -> PhotoPixels in
            guard let base = data.baseAddress, let d = cjb_open(base, data.count) else {
                throw ParseError(.photoMalformed, at: 0, path: "image", "libjpeg could not start")
            }
            defer { cjb_close(d) }
            func failed() -> ParseError {
                let m = String(cString: cjb_message(d))
                return ParseError(m.contains("pixel limit") ? .limitExceeded : .photoMalformed, at: 0, path: "image", "JPEG: \(m)")
            }
            var header = cjb_header()
            guard cjb_start_rgb_scaled(d, UInt64(max(0, maxPixels)), UInt32.max, &header) == 0 else { throw failed() }
            let width = Int(header.width), height = Int(header.height)
            guard header.output_components == 3, width > 0, height > 0, let n = width *? height, n <= maxPixels,
                  let size = n *? 3, let stride = width *? 3 else {
                throw ParseError(.photoMalformed, at: 0, path: "image", "JPEG: libjpeg gave no RGB picture")
            }
            var rgb = [UInt8](repeating: 0, count: size)
            var row = 0
            while row < height {
                let got = rgb.withUnsafeMutableBufferPointer { out in
                    cjb_read_rows(d, out.baseAddress.map { $0 + row * stride }, stride, UInt32(height - row))
                }
                guard got > 0 else { throw failed() }
                row += Int(got)
            }
            guard cjb_warnings(d) == 0 else {
                throw ParseError(.photoMalformed, at: 0, path: "image", "JPEG: " + String(cString: cjb_warning(d)))
            }
            guard let p = PhotoPixels(width: width, height: height, rgb: rgb) else { throw failed() }
            return p
        }
    }
}

extension ParseError.Code {
    /// A picture `embed` is to encode as a new primary that is none of the formats it reads.
    package static let photoUnknownFormat = Self("photo.unknownFormat")
    /// A picture `embed` is to encode as a new primary whose header or data cannot be read.
    package static let photoMalformed = Self("photo.malformed")
}
