import AuxData

/// Turns decoded rows into one of `extract`'s formats as they arrive:
/// - PFM: `Pf` (`PF` for three channels), width height, `-1.0` (little-endian), Float32 rows
///   bottom row first;
/// - npy (NumPy format 1.0): `<f2`/`<f4` values or `|u1`/`<u2` stored samples, C order, of
///   shape (h, w), or (h, w, 3) for three channels;
/// - PNG: stored samples as 8/16-bit gray (RGB for three channels), or values scaled from
///   min…max to 0…65535, with the range, kind and units in tEXt chunks;
/// - raw: little-endian values or samples, rows packed, channels interleaved (the .json
///   description is separate).
struct MapExportSink: AuxRowSink {
    enum Numbers: Equatable {
        case stored
        /// Values in `unit` as Float16 or Float32.
        case values(unit: ValueUnit?, half: Bool)
    }

    let format: MapFileFormat
    let numbers: Numbers
    let mapping: (StoredLayout) -> ValueMapping
    /// For PNG values: the value range, found by a first pass.
    let pngRange: (min: Double, max: Double)?
    let pngText: [(String, String)]
    let destination: any MapOutput
    let location: SourceLocation

    private(set) var layout: StoredLayout?
    private var table: [Float] = []
    private var png: PNGBridge.Encoder?
    private var headerBytes = 0

    init(format: MapFileFormat, numbers: Numbers, mapping: @escaping (StoredLayout) -> ValueMapping,
         pngRange: (min: Double, max: Double)? = nil, pngText: [(String, String)] = [],
         destination: any MapOutput, location: SourceLocation) {
        self.format = format
        self.numbers = numbers
        self.mapping = mapping
        self.pngRange = pngRange
        self.pngText = pngText
        self.destination = destination
        self.location = location
    }

    func fail(_ message: String) -> AuxDecodeError { AuxDecodeError(.sink, message, at: location) }

    var bytesPerSample: Int {
        switch numbers {
        case .stored: return (layout?.bitDepth ?? 8) > 8 ? 2 : 1
        case .values(_, let half): return format == .pfm || format == .tiff ? 4 : (half ? 2 : 4)
        }
    }

    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        self.layout = layout
        if case .values(let unit, _) = numbers {
            table = mapping(layout).table(as: unit)
        }
        let w = layout.width, h = layout.height, colour = layout.channels == 3
        switch format {
        case .pfm:
            let header = Array("\(colour ? "PF" : "Pf")\n\(w) \(h)\n-1.0\n".utf8)
            headerBytes = header.count
            guard destination.append(header) else { throw fail("the output could not be written") }
        case .npy:
            let descr: String
            switch numbers {
            case .stored: descr = bytesPerSample == 1 ? "|u1" : "<u2"
            case .values(_, let half): descr = half ? "<f2" : "<f4"
            }
            let shape = colour ? "(\(h), \(w), 3)" : "(\(h), \(w))"
            var dict = "{'descr': '\(descr)', 'fortran_order': False, 'shape': \(shape), }"
            // NumPy format 1.0: magic, version, u16 header length; the header ends in \n and
            // pads the whole preamble to a multiple of 64 bytes.
            let unpadded = 10 + dict.utf8.count + 1
            dict += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
            let n = dict.utf8.count
            guard destination.append([0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(n & 0xFF), UInt8(n >> 8)] + Array(dict.utf8)) else {
                throw fail("the output could not be written")
            }
        case .png:
            let bits = numbers == .stored ? (layout.bitDepth > 8 ? 16 : 8) : 16
            let d = destination
            do throws(PNGBridge.EncodeError) {
                png = try PNGBridge.Encoder(width: w, height: h, bitDepth: bits, channels: colour ? 3 : 1, text: pngText) { d.append($0) }
            } catch {
                throw fail(error.description)
            }
        case .raw, .coded:
            break
        case .tiff:
            let header: [UInt8]
            do throws(MapExportError) {
                header = try TIFFHeader.bytes(width: w, height: h, channels: layout.channels, bytesPerSample: bytesPerSample,
                                              float: numbers != .stored)
            } catch {
                throw fail(error.description)
            }
            guard destination.append(header) else { throw fail("the output could not be written") }
        }
    }

    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        guard let layout else { return }
        let count = rows.count
        if let png {
            try writePNG(rows, png, count: count)
            return
        }
        var out = [UInt8](repeating: 0, count: count * bytesPerSample)
        out.withUnsafeMutableBytes { o in
            switch (numbers, rows.samples) {
            case (.stored, .u8(let p)):
                if bytesPerSample == 1 { for i in 0..<count { o[i] = p[i] } } else {
                    for i in 0..<count { o.storeBytes(of: UInt16(p[i]).littleEndian, toByteOffset: 2 * i, as: UInt16.self) }
                }
            case (.stored, .u16(let p)):
                for i in 0..<count { o.storeBytes(of: p[i].littleEndian, toByteOffset: 2 * i, as: UInt16.self) }
            case (.values, _):
                table.withUnsafeBufferPointer { t in
                    let top = t.count - 1
                    if bytesPerSample == 2 {
                        for i in 0..<count {
                            let f = Float16(t[Swift.min(rows.sample(at: i), top)])
                            o.storeBytes(of: f.bitPattern.littleEndian, toByteOffset: 2 * i, as: UInt16.self)
                        }
                    } else {
                        switch rows.samples {
                        case .u8(let p):
                            for i in 0..<count { o.storeBytes(of: t[Int(p[i])].bitPattern.littleEndian, toByteOffset: 4 * i, as: UInt32.self) }
                        case .u16(let p):
                            for i in 0..<count {
                                o.storeBytes(of: t[Swift.min(Int(p[i]), top)].bitPattern.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
                            }
                        }
                    }
                }
            }
        }
        if format == .pfm {
            // PFM rows go bottom first: stored row y is row h − 1 − y of the file.
            let rowBytes = rows.width * rows.channels * 4
            for r in 0..<rows.rowCount {
                let y = rows.firstRow + r
                let at = headerBytes + (layout.height - 1 - y) * rowBytes
                guard destination.write(Array(out[(r * rowBytes)..<((r + 1) * rowBytes)]), at: at) else {
                    throw fail("the output could not be written")
                }
            }
        } else {
            guard destination.append(out) else { throw fail("the output could not be written") }
        }
    }

    private func writePNG(_ rows: StoredRows, _ png: PNGBridge.Encoder, count: Int) throws(AuxDecodeError) {
        do throws(PNGBridge.EncodeError) {
            switch (numbers, rows.samples) {
            case (.stored, .u8(let p)):
                try png.write(rows: p)
            case (.stored, .u16(let p)):
                try png.write(rows: p)
            case (.values, _):
                let lo = pngRange?.min ?? 0, hi = pngRange?.max ?? 1
                let scale = hi > lo ? 65535 / (hi - lo) : 0
                var q = [UInt16](repeating: 0, count: count)
                let top = table.count - 1
                for i in 0..<count {
                    let f = Double(table[Swift.min(rows.sample(at: i), top)])
                    // NaN and values outside the range (±∞) are clamped: the range is in tEXt.
                    q[i] = f.isNaN ? 0 : UInt16(Swift.max(0, Swift.min(65535, ((f - lo) * scale).rounded())))
                }
                try q.withUnsafeBufferPointer { p throws(PNGBridge.EncodeError) in try png.write(rows: p) }
            }
        } catch {
            throw fail(error.description)
        }
    }

    /// Ends the format (PNG's IEND).
    func finish() throws(AuxDecodeError) {
        do throws(PNGBridge.EncodeError) { try png?.finish() } catch { throw fail(error.description) }
    }
}
