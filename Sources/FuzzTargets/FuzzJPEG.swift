import Container

extension FuzzTarget {
    /// JPEG segments, Exif, MPF and Extended XMP: `JPEG.File` on the raw bytes, then every
    /// image the MPF index located, its segments, its Extended XMP reassembly and its issues.
    static func jpeg(_ bytes: [UInt8]) throws(FuzzViolation) {
        // Make the parser see a JPEG most of the time, whatever the mutator did to the first bytes.
        let input = bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 ? bytes : [0xFF, 0xD8] + bytes
        let file: JPEG.File
        do { file = try JPEG.File(parsing: input, limits: Fuzz.limits) } catch {
            _ = Fuzz.touch([error])
            return
        }
        var sink = Fuzz.touch(file.issues)
        for image in [file.primary] + file.images.compactMap(\.image) {
            for s in image.segments where s.payload.upperBound > input.count || s.offset < 0 {
                throw FuzzViolation("segment outside the file", "\(s.offset) \(s.payload) of \(input.count)")
            }
            sink &+= image.segments.count &+ image.extendedXMPChunks.count &+ image.scanCount
            for x in image.extendedXMP {
                if let b = x.bytes, b.count != x.fullLength {
                    throw FuzzViolation("Extended XMP reassembled to a different length", "\(b.count) != \(x.fullLength)")
                }
            }
            if let e = image.end, e > input.count { throw FuzzViolation("image ends past the file", "\(e) > \(input.count)") }
        }
        if let t = file.trailingBytes, t.upperBound != input.count { throw FuzzViolation("trailing bytes do not end the file") }
        if let mpf = file.mpf { sink &+= mpf.entries.count }
        _ = sink
    }
}
