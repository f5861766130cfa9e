import AuxData
import Container

/// Low-overhead HEIF files (a `mini` box, ISO/IEC 23008-12 Annex O; brand `mif3`, ftyp
/// minor_version `heic`) built from gray pictures coded by `HEVCGrayEncoder`: a monochrome
/// image, optionally an alpha plane with its own configuration, Exif and XMP chunks.
package enum MiniFixture {
    package struct Picture {
        package let config: [UInt8]
        package let data: [UInt8]

        /// A picture of these bytes: coded HEVC, or any bytes when only the structure matters.
        package init(config: [UInt8], data: [UInt8]) {
            self.config = config
            self.data = data
        }
    }

    /// A `width`×`height` gray picture of `samples`, coded as HEVC: its hvcC payload (the box
    /// without its 8-byte header) and its length-prefixed NAL units.
    package static func picture(_ samples: [UInt8], width: Int, height: Int) throws -> Picture {
        let coded = try HEVCGrayEncoder.encode(samples, width: width, height: height)
        return Picture(config: Array(coded.hvcCBox.dropFirst(8)), data: coded.data)
    }

    /// A gradient, so a decoded plane can be told from another: sample (x, y) is
    /// (x × 7 + y × 3 + `seed`) mod 256.
    package static func gradient(width: Int, height: Int, seed: Int) -> [UInt8] {
        (0..<(width * height)).map { UInt8(truncatingIfNeeded: ($0 % width) * 7 + ($0 / width) * 3 + seed) }
    }

    /// The file: ftyp (mif3, minor heic), then the mini box.
    package static func file(width: Int, height: Int, main: Picture, alpha: Picture? = nil, orientation: Int = 1,
                            exif: [UInt8]? = nil, xmp: [UInt8]? = nil) -> [UInt8] {
        var b = BitWriter()
        b.bits(0, 2)                    // version
        b.flag(false)                    // explicit_codec_types_flag
        b.flag(false)                    // float_flag
        b.flag(true)                     // full_range_flag
        b.flag(alpha != nil)             // alpha_flag
        b.flag(false)                    // explicit_cicp_flag
        b.flag(false)                    // hdr_flag
        b.flag(false)                    // icc_flag
        b.flag(exif != nil)              // exif_flag
        b.flag(xmp != nil)               // xmp_flag
        b.bits(0, 2)                    // chroma_subsampling: 4:0:0
        b.bits(UInt64(orientation - 1), 3)
        let large = width > 128 || height > 128
        b.flag(large)
        b.bits(UInt64(width - 1), large ? 15 : 7)
        b.bits(UInt64(height - 1), large ? 15 : 7)
        b.flag(false)                    // high_bit_depth_flag: 8 bits
        if alpha != nil { b.flag(false) }   // alpha_is_premultiplied
        let metadata = exif != nil || xmp != nil
        if metadata { b.flag(true) }     // large_metadata_flag
        b.flag(true)                     // large_codec_config_flag: 12-bit sizes
        b.flag(true)                     // large_item_data_flag: 28-bit sizes
        b.bits(UInt64(main.config.count), 12)
        b.bits(UInt64(main.data.count - 1), 28)
        if let a = alpha {
            b.bits(UInt64(a.data.count), 28)
            b.bits(UInt64(a.config.count), 12)
        }
        if metadata { b.flag(false) }    // exif_xmp_compressed_flag
        if let e = exif { b.bits(UInt64(e.count - 1), 20) }
        if let x = xmp { b.bits(UInt64(x.count - 1), 20) }
        while b.bitCount & 7 != 0 { b.flag(false) }
        var payload = b.bytes + main.config
        if let a = alpha { payload += a.config }
        if let a = alpha { payload += a.data }
        payload += main.data
        payload += exif ?? []
        payload += xmp ?? []
        let ftyp = BMFFBuilder.box("ftyp") { f in f.fourCC("mif3"); f.fourCC("heic") }
        return ftyp + BMFFBuilder.box("mini") { m in m.bytes(payload) }
    }

    /// The good corpus's low-overhead file: 48×32 gray, an alpha plane, Exif (Orientation 1)
    /// and an empty XMP description. Empty when the HEVC encoder cannot be loaded.
    package static func goodAlpha() -> [UInt8] {
        guard let main = try? picture(gradient(width: 48, height: 32, seed: 0), width: 48, height: 32),
              let alpha = try? picture(gradient(width: 48, height: 32, seed: 100), width: 48, height: 32) else { return [] }
        let xmp = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"/></x:xmpmeta>".utf8)
        return file(width: 48, height: 32, main: main, alpha: alpha, exif: Array(JPEGFixture.exif(orientation: 1).dropFirst(10)), xmp: xmp)
    }
}
