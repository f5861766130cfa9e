import Container

/// A map read from a file a user hands to `embed`: a gray PGM (Netpbm P5, 8 or 16 bit) or gray
/// PNG (8 or 16 bit, libpng; of a colour PNG the first channel), whose samples are a
/// normalised 0...1 gray, or a float map of physical values: PFM (`Pf`,
/// one channel, rows bottom to top) or NumPy `.npy` (a 2-D little- or big-endian float or
/// unsigned integer array in C order). Every size is checked against the bytes before
/// anything is allocated: these files come from outside.
///
/// Values are held as Float32, 4 bytes a pixel, the precision of the formats Apple stores
/// (fdis/fdep) and of PFM. PFM and npy float16/float32 values are held exactly; gray samples
/// (k / maxval) and npy float64 values are rounded to the nearest Float32, npy unsigned
/// integers above 2^24 likewise.
package struct MapFile: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// Row-major, top row first.
    package let values: [Float]
    /// True for gray images: values are 0...1 (black to white), not metres.
    package let isNormalisedGray: Bool

    package init(width: Int, height: Int, values: [Float], isNormalisedGray: Bool) {
        self.width = width
        self.height = height
        self.values = values
        self.isNormalisedGray = isNormalisedGray
    }

    /// Reads PGM, PNG, PFM or npy by their first bytes.
    package init(parsing bytes: [UInt8], maxPixels: Int = 1 << 28) throws(ParseError) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = try MapFile.png(bytes, maxPixels: maxPixels)
        } else if bytes.starts(with: Array("P5".utf8)) {
            self = try MapFile.pgm(bytes, maxPixels: maxPixels)
        } else if bytes.starts(with: Array("Pf".utf8)) {
            self = try MapFile.pfm(bytes, maxPixels: maxPixels)
        } else if bytes.starts(with: [0x93] + Array("NUMPY".utf8)) {
            self = try MapFile.npy(bytes, maxPixels: maxPixels)
        } else {
            throw ParseError(.mapUnknownFormat, at: 0, path: "map", "not a PGM (P5), PNG, PFM (Pf) or .npy file")
        }
    }

    /// PNG (ISO/IEC 15948) through libpng: samples over 2^bitDepth − 1. The size is checked
    /// against `maxPixels` from the header, before anything is allocated.
    static func png(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> MapFile {
        let image: StoredImage
        do { image = try PNGBridge.decodeGray(bytes, maxPixels: maxPixels, at: SourceLocation(offset: 0, path: "map")) } catch {
            throw ParseError(error.code == .overLimit ? .limitExceeded : .mapMalformed, at: 0, path: "map", "PNG: \(error.message)")
        }
        let m = Double(image.layout.maxSample)
        return MapFile(width: image.width, height: image.height, values: image.samples.map { Float(min(Double($0), m) / m) },
                       isNormalisedGray: true)
    }

    /// The pixel count, checked against `maxPixels`.
    static func pixels(_ w: Int, _ h: Int, maxPixels: Int, at offset: Int) throws(ParseError) -> Int {
        guard w > 0, h > 0, let n = w *? h, n <= maxPixels else {
            throw ParseError(.limitExceeded, at: offset, path: "map", "\(w)x\(h) is empty or above \(maxPixels) pixels")
        }
        return n
    }

    /// Netpbm header fields: whitespace-separated decimal numbers, `#` comments to end of line;
    /// one whitespace byte ends the header.
    static func headerNumbers(_ bytes: [UInt8], from start: Int, count: Int,
                              path: String = "map", code: ParseError.Code = .mapMalformed) throws(ParseError) -> ([Int], Int) {
        var out: [Int] = []
        var i = start
        while out.count < count {
            while i < bytes.count, bytes[i] == 0x23 || bytes[i] <= 0x20 {
                if bytes[i] == 0x23 { while i < bytes.count, bytes[i] != 0x0A { i += 1 } } else { i += 1 }
            }
            var v = 0, digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 9 {
                v = v * 10 + Int(bytes[i] - 0x30); digits += 1; i += 1
            }
            guard digits > 0 else { throw ParseError(code, at: i, path: path, "a header number is missing") }
            out.append(v)
        }
        guard i < bytes.count, bytes[i] <= 0x20 else { throw ParseError(code, at: i, path: path, "no whitespace after the header") }
        return (out, i + 1)
    }

    /// Netpbm PGM: `P5 width height maxval`, then rows of 1 byte (maxval < 256) or 2 bytes
    /// big-endian samples.
    static func pgm(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> MapFile {
        let (h, start) = try headerNumbers(bytes, from: 2, count: 3)
        let n = try pixels(h[0], h[1], maxPixels: maxPixels, at: 2)
        let maxval = h[2]
        guard maxval > 0, maxval < 65_536 else { throw ParseError(.mapMalformed, at: 2, path: "map", "maxval \(maxval)") }
        let size = maxval < 256 ? 1 : 2
        guard bytes.count - start >= n * size else {
            throw ParseError(.truncated, at: bytes.count, path: "map", "\(n) samples of \(size) bytes need \(n * size) bytes")
        }
        var values = [Float](repeating: 0, count: n)
        let m = Double(maxval)
        for k in 0..<n {
            let v = size == 1 ? Int(bytes[start + k]) : Int(bytes[start + 2 * k]) << 8 | Int(bytes[start + 2 * k + 1])
            values[k] = Float(min(Double(v), m) / m)
        }
        return MapFile(width: h[0], height: h[1], values: values, isNormalisedGray: true)
    }

    /// PFM: `Pf`, width, height, scale (negative = little-endian), then 4-byte floats, rows
    /// from the bottom up.
    static func pfm(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> MapFile {
        let (dims, afterDims) = try headerNumbers(bytes, from: 2, count: 2)
        var i = afterDims
        while i < bytes.count, bytes[i] <= 0x20 { i += 1 }
        var token: [UInt8] = []
        while i < bytes.count, bytes[i] > 0x20, token.count < 32 { token.append(bytes[i]); i += 1 }
        guard let scale = Double(String(decoding: token, as: UTF8.self)), scale != 0, i < bytes.count else {
            throw ParseError(.mapMalformed, at: i, path: "map", "the PFM scale is not a non-zero number")
        }
        let start = i + 1
        let (w, h) = (dims[0], dims[1])
        let n = try pixels(w, h, maxPixels: maxPixels, at: 2)
        guard bytes.count - start >= n * 4 else { throw ParseError(.truncated, at: bytes.count, path: "map", "\(n) floats") }
        var values = [Float](repeating: 0, count: n)
        for k in 0..<n {
            let o = start + 4 * k
            let b = (UInt32(bytes[o]), UInt32(bytes[o + 1]), UInt32(bytes[o + 2]), UInt32(bytes[o + 3]))
            let bits = scale < 0 ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3
            // Rows are stored bottom to top.
            let row = h - 1 - k / w
            values[row * w + k % w] = Float(bitPattern: bits)
        }
        return MapFile(width: w, height: h, values: values, isNormalisedGray: false)
    }

    /// NumPy format 1.0-3.0: magic, version, header length (u16 for 1.x, u32 for 2.x/3.x, little
    /// endian), a Python dict literal with `descr`, `fortran_order` and `shape`, then the data.
    static func npy(_ bytes: [UInt8], maxPixels: Int) throws(ParseError) -> MapFile {
        guard bytes.count >= 10 else { throw ParseError(.truncated, at: bytes.count, path: "map") }
        let major = bytes[6]
        var headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
        var headerStart = 10
        if major >= 2 {
            guard bytes.count >= 12 else { throw ParseError(.truncated, at: bytes.count, path: "map") }
            headerLength |= Int(bytes[10]) << 16 | Int(bytes[11]) << 24
            headerStart = 12
        }
        guard headerLength <= 65_536, bytes.count - headerStart >= headerLength else {
            throw ParseError(.truncated, at: headerStart, path: "map", "header of \(headerLength) bytes")
        }
        let header = String(decoding: bytes[headerStart..<(headerStart + headerLength)], as: UTF8.self)
        func field(_ key: String) -> Substring? {
            guard let r = header.firstRange(of: "'\(key)':") else { return nil }
            return header[r.upperBound...].drop { $0 == " " }
        }
        guard let descrField = field("descr"), descrField.first == "'",
              let end = descrField.dropFirst().firstIndex(of: "'") else {
            throw ParseError(.mapMalformed, at: headerStart, path: "map", "no descr")
        }
        let descr = String(descrField[descrField.index(after: descrField.startIndex)..<end])
        // fortran_order True: the data is column-major (what np.save writes for a transposed
        // array): element (row, column) is stored at column * height + row.
        let columnMajor = field("fortran_order").map { $0.hasPrefix("True") } ?? false
        guard let shapeField = field("shape"), shapeField.first == "(", let close = shapeField.firstIndex(of: ")") else {
            throw ParseError(.mapMalformed, at: headerStart, path: "map", "no shape")
        }
        let dims = shapeField[shapeField.index(after: shapeField.startIndex)..<close].split(separator: ",")
            .compactMap { Int($0.trimmingCharacters(in: " ")) }
        guard dims.count == 2 else { throw ParseError(.mapMalformed, at: headerStart, path: "map", "shape is not 2-D") }
        let (h, w) = (dims[0], dims[1])
        let n = try pixels(w, h, maxPixels: maxPixels, at: headerStart)
        guard descr.count >= 3, let size = Int(descr.dropFirst(2)), [1, 2, 4, 8].contains(size) else {
            throw ParseError(.mapMalformed, at: headerStart, path: "map", "dtype \(descr) is not read")
        }
        let little = descr.first != ">"
        let type = descr.dropFirst().first
        guard type == "f" && size >= 2 || type == "u" else {
            throw ParseError(.mapMalformed, at: headerStart, path: "map", "dtype \(descr) is not a float or unsigned integer")
        }
        let start = headerStart + headerLength
        guard bytes.count - start >= n * size else { throw ParseError(.truncated, at: bytes.count, path: "map") }
        var values = [Float](repeating: 0, count: n)
        for stored in 0..<n {
            // The position in row-major order of the element stored `stored`-th.
            let k = columnMajor ? (stored % h) * w + stored / h : stored
            let at = stored
            var bits: UInt64 = 0
            for j in 0..<size {
                let b = UInt64(bytes[start + at * size + (little ? j : size - 1 - j)])
                bits |= b << (8 * UInt64(j))
            }
            switch (type, size) {
            case ("f", 2): values[k] = Float(Float16(bitPattern: UInt16(truncatingIfNeeded: bits)))
            case ("f", 4): values[k] = Float(bitPattern: UInt32(truncatingIfNeeded: bits))
            // Rounded to the nearest Float32 (the map's storage, see the type's comment).
            case ("f", 8): values[k] = Float(Double(bitPattern: bits))
            default: values[k] = Float(bits)
            }
        }
        // 8- and 16-bit unsigned samples are gray levels, read as an 8- or 16-bit gray PNG is:
        // 0…1 over their range (a uint8 matte of 0…255 is a matte).
        if type == "u", size <= 2 {
            let top = Float((1 << (8 * size)) - 1)
            return MapFile(width: w, height: h, values: values.map { $0 / top }, isNormalisedGray: true)
        }
        return MapFile(width: w, height: h, values: values, isNormalisedGray: false)
    }
}

extension ParseError.Code {
    /// A map file that is none of the formats `embed` reads.
    package static let mapUnknownFormat = Self("map.unknownFormat")
    /// A map file whose header cannot be read.
    package static let mapMalformed = Self("map.malformed")
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
