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
        // Gray or RGB, samples of 1 to 8 bytes: what the header describes and `dataOffset` holds.
        guard channels == 1 || channels == 3, (1...8).contains(bytesPerSample) else {
            throw .notApplicable("a TIFF of \(channels) channels of \(bytesPerSample)-byte samples is not written (gray or RGB only)")
        }
        // Written by Container's TIFF writer, as MPF's index is; each field's value and tag
        // (TIFF 6.0 §8 baseline fields, §19 SampleFormat) in ascending tag order.
        let bits = UInt16(8 * bytesPerSample), format: UInt16 = float ? 3 : 1
        let perSample = { (v: UInt16) in [UInt16](repeating: v, count: channels) }
        var tiff = Exif.TIFFWriter(endian: .little)
        do throws(WriteError) {
            try tiff.long(256, [UInt32(width)])                         // ImageWidth
            try tiff.long(257, [UInt32(height)])                        // ImageLength
            try tiff.short(258, perSample(bits))                        // BitsPerSample
            try tiff.short(259, [1])                                    // Compression: none
            try tiff.short(262, [channels == 3 ? 2 : 1])                // PhotometricInterpretation: RGB, BlackIsZero
            try tiff.long(273, [UInt32(dataOffset)])                    // StripOffsets
            try tiff.short(277, [UInt16(channels)])                     // SamplesPerPixel
            try tiff.long(278, [UInt32(height)])                        // RowsPerStrip
            try tiff.long(279, [UInt32(count)])                         // StripByteCounts
            try tiff.short(284, [1])                                    // PlanarConfiguration: chunky
            try tiff.short(339, perSample(format))                      // SampleFormat: IEEE float, unsigned
            var out = try tiff.bytes()
            out += [UInt8](repeating: 0, count: dataOffset - out.count)
            return out
        } catch {
            throw .notApplicable("the TIFF header cannot be written: \(error)")
        }
    }
}
