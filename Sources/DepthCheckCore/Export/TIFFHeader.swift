import Container

/// The header of a baseline TIFF (TIFF 6.0, Adobe 1992) that `extract` writes: little-endian
/// (`II`, 42), one IFD at offset 8 with the eleven fields an uncompressed single-strip image
/// needs (§8 baseline fields, §19 SampleFormat), the per-sample arrays of a colour image
/// after it, and the strip from byte 160, rows top first, samples interleaved (PlanarConfiguration 1).
enum TIFFHeader {
    /// Where the samples start: the header, the IFD (2 + 11 × 12 + 4 bytes) and two arrays of
    /// three SHORTs, rounded up to a multiple of 16.
    static let dataOffset = 160

    /// The bytes before the strip of a `width` × `height` image of `channels` samples of
    /// `bytesPerSample` bytes, IEEE floats or unsigned integers. A strip is one count of at
    /// most 2^32 − 1 bytes: a larger image is refused.
    static func bytes(width: Int, height: Int, channels: Int, bytesPerSample: Int, float: Bool) throws(MapExportError) -> [UInt8] {
        guard let pixels = width *? height, let samples = pixels *? channels, let count = samples *? bytesPerSample,
              count <= Int(UInt32.max - UInt32(dataOffset)), width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .notApplicable("\(width)×\(height)×\(channels) samples of \(bytesPerSample) bytes do not fit one TIFF strip (4 GiB)")
        }
        var out: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        // A field: tag, type (3 SHORT, 4 LONG), count, and the value (left-justified) or offset.
        func field(_ tag: Int, short value: Int) { u16(tag); u16(3); u32(1); u16(value); u16(0) }
        func field(_ tag: Int, long value: Int) { u16(tag); u16(4); u32(1); u32(value) }
        func shorts(_ tag: Int, _ value: Int, at offset: Int) {
            if channels == 1 { field(tag, short: value) } else { u16(tag); u16(3); u32(channels); u32(offset) }
        }
        let bits = 8 * bytesPerSample
        let arrays = 8 + 2 + 11 * 12 + 4
        u16(11)
        field(256, long: width)                                   // ImageWidth
        field(257, long: height)                                  // ImageLength
        shorts(258, bits, at: arrays)                             // BitsPerSample
        field(259, short: 1)                                      // Compression: none
        field(262, short: channels == 3 ? 2 : 1)                  // PhotometricInterpretation: RGB, BlackIsZero
        field(273, long: dataOffset)                              // StripOffsets
        field(277, short: channels)                               // SamplesPerPixel
        field(278, long: height)                                  // RowsPerStrip
        field(279, long: count)                                   // StripByteCounts
        field(284, short: 1)                                      // PlanarConfiguration: chunky
        shorts(339, float ? 3 : 1, at: arrays + 2 * channels)     // SampleFormat: IEEE float, unsigned
        u32(0)                                                    // no next IFD
        if channels > 1 {
            for _ in 0..<channels { u16(bits) }
            for _ in 0..<channels { u16(float ? 3 : 1) }
        }
        out += [UInt8](repeating: 0, count: dataOffset - out.count)
        return out
    }
}
