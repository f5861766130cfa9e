import AuxData
import Container
import FuzzSupport

/// The files `embed` reads besides photos: maps (PGM, PFM, npy, PNG through libpng) and new
/// primaries (PNG, PPM). A map or a picture comes back with exactly width × height values or
/// pixels, or an error value; nothing traps, and nothing is allocated past the fuzzing limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMaps(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let map = try? MapFile(parsing: bytes, maxPixels: Fuzz.limits.maxPixels) {
        if map.values.count != map.width * map.height {
            Fuzz.violated("map of \(map.width)×\(map.height) with \(map.values.count) values")
        }
    }
    if let picture = try? PhotoPixels(parsing: bytes, limits: Fuzz.limits) {
        if picture.rgb.count != picture.width * picture.height * 3 {
            Fuzz.violated("picture of \(picture.width)×\(picture.height) with \(picture.rgb.count) bytes")
        }
    }
    return 0
}
