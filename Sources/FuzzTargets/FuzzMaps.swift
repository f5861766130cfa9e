import AuxData
import Container

extension FuzzTarget {
    /// The files `embed` reads besides photos: maps (PGM, PFM, npy, PNG through libpng) and new
    /// primaries (PNG, PPM). A map or a picture comes back with exactly width × height values
    /// or pixels, or an error value; nothing traps, and nothing is allocated past the fuzzing
    /// limits.
    static func maps(_ bytes: [UInt8]) throws(FuzzViolation) {
        if let map = try? MapFile(parsing: bytes, maxPixels: Fuzz.limits.maxPixels), map.values.count != map.width * map.height {
            throw FuzzViolation("map of \(map.width)×\(map.height) with \(map.values.count) values")
        }
        if let picture = try? PhotoPixels(parsing: bytes, limits: Fuzz.limits), picture.rgb.count != picture.width * picture.height * 3 {
            throw FuzzViolation("picture of \(picture.width)×\(picture.height) with \(picture.rgb.count) bytes")
        }
    }
}
