import Container
import FuzzSupport

/// JPEG segments, Exif, MPF and Extended XMP: `JPEG.File` on the raw bytes, then every image
/// the MPF index located, its segments, its Extended XMP reassembly and its issues.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Make the parser see a JPEG most of the time, whatever the mutator did to the first bytes.
    let input = bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 ? bytes : [0xFF, 0xD8] + bytes
    do {
        let file = try JPEG.File(parsing: input, limits: Fuzz.limits)
        var sink = Fuzz.touch(file.issues)
        for image in [file.primary] + file.images.compactMap(\.image) {
            for s in image.segments where s.payload.upperBound > input.count || s.offset < 0 {
                Fuzz.violated("segment outside the file", "\(s.offset) \(s.payload) of \(input.count)")
            }
            sink &+= image.segments.count &+ image.extendedXMPChunks.count &+ image.scanCount
            for x in image.extendedXMP {
                if let b = x.bytes, b.count != x.fullLength {
                    Fuzz.violated("Extended XMP reassembled to a different length", "\(b.count) != \(x.fullLength)")
                }
            }
            if let e = image.end, e > input.count { Fuzz.violated("image ends past the file", "\(e) > \(input.count)") }
        }
        if let t = file.trailingBytes, t.upperBound != input.count { Fuzz.violated("trailing bytes do not end the file") }
        if let mpf = file.mpf { sink &+= mpf.entries.count }
        if sink == Int.min { print(sink) }
    } catch {
        _ = Fuzz.touch([error])
    }
    return 0
}
