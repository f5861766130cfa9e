import Container

/// The IHDR of a PNG (ISO/IEC 15948 §11.2.2): enough to size a GDepth payload without
/// decoding it.
struct PNGHeader: Equatable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let width: Int
    let height: Int
    let bitDepth: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    let colourType: Int

    /// Components per pixel of the colour type.
    var components: Int? {
        switch colourType {
        case 0, 3: return 1
        case 2: return 3
        case 4: return 2
        case 6: return 4
        default: return nil
        }
    }

    /// Nil when the bytes do not start with a PNG signature and an IHDR chunk.
    init?(_ bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard r.startsWith(Self.signature), (try? r.skip(8)) != nil,
              let length = try? r.readU32(), length == 13,
              let type = try? r.readFourCC(), type == "IHDR",
              let w = try? r.readU32(), let h = try? r.readU32(),
              let depth = try? r.readU8(), let colour = try? r.readU8() else { return nil }
        width = Int(w)
        height = Int(h)
        bitDepth = Int(depth)
        colourType = Int(colour)
    }
}
