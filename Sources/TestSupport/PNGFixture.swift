/// Gray PNGs (ISO/IEC 15948) written without libpng, for tests that hand maps to `embed`: IHDR,
/// one IDAT of stored (uncompressed) deflate blocks (RFC 1950/1951), IEND.
package enum PNGFixture {
    /// `samples` row-major, each below 2^bitDepth; `bitDepth` 8 or 16.
    package static func gray(width: Int, height: Int, bitDepth: Int, samples: [Int]) -> [UInt8] {
        png(width: width, height: height, bitDepth: bitDepth, colourType: 0, samples: samples)
    }

    /// An RGB PNG (colour type 2): `samples` row-major, three (R G B) a pixel, each below
    /// 2^bitDepth; `bitDepth` 8 or 16.
    package static func rgb(width: Int, height: Int, bitDepth: Int, samples: [Int]) -> [UInt8] {
        png(width: width, height: height, bitDepth: bitDepth, colourType: 2, samples: samples)
    }

    static func png(width: Int, height: Int, bitDepth: Int, colourType: UInt8, samples: [Int]) -> [UInt8] {
        let channels = colourType == 2 ? 3 : 1
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter type None
            for x in 0..<(width * channels) {
                let v = samples[y * width * channels + x]
                if bitDepth == 16 { raw.append(UInt8(v >> 8 & 0xFF)) }
                raw.append(UInt8(v & 0xFF))
            }
        }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65_535, raw.count - i)
            z.append(i + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        z += be32(b << 16 | a)
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [UInt8(bitDepth), colourType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", z) + chunk("IEND", [])
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return be32(UInt32(data.count)) + body + be32(~crc)
    }
}
