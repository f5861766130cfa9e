import AuxData
import Container
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An aux image's values in one quantity, turned into its photo's display frame.
///
/// The stored samples are kept as they are, one byte each for a map of 8 bits or fewer, two
/// otherwise, beside a table of the value each sample stands for: a 23-megapixel gain map
/// costs 23 MB, not the 92 MB of its values as float32 (and again for each step that turns it).
struct DisplayedValues {
    let width: Int
    let height: Int
    let channels: Int
    /// Bits a stored sample has: what one quantisation step of the map is.
    let bits: Int
    let storedWidth: Int
    let storedHeight: Int
    /// Row by row from the top, `channels` samples a pixel.
    let samples: Samples
    /// For each channel (or one for all), the value of each stored sample; NaN past the table.
    let tables: [[Float]]

    /// The samples in display order: stored samples of 8 bits or fewer, of more, or values.
    enum Samples {
        case narrow([UInt8])
        case wide([UInt16])
        case values([Float])

        var count: Int {
            switch self {
            case .narrow(let s): return s.count
            case .wide(let s): return s.count
            case .values(let v): return v.count
            }
        }
    }

    /// Values already in the display frame, stored at `bits`.
    init(width: Int, height: Int, channels: Int = 1, bits: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.bits = bits
        storedWidth = width
        storedHeight = height
        samples = .values(values)
        tables = []
    }

    /// The values of `aux` of `photo` in `unit` (depth and disparity converted into each
    /// other; nil: the map's own, 0…1 for all but depth and disparity); with `log2Gain`, a
    /// gain map's encoded values as the log2 gains its metadata says they are (`GainCurve`);
    /// with `turned` false, in the stored frame (the photo's own pixels' frame).
    init(_ aux: ParsedAuxImage, of photo: DepthPhoto, as unit: ValueUnit?, log2Gain: Bool = false, turned: Bool = true) throws {
        var collector = CompactSampleCollector(maxPixels: photo.limits.maxPixels, location: aux.location)
        do { try AuxDecoder(photo: photo.model, bytes: photo.bytes, limits: photo.limits).decode(aux, into: &collector) } catch {
            throw DepthCheckError.undecodable(index: aux.index, message: error.description)
        }
        guard let layout = collector.layout else {
            throw DepthCheckError.undecodable(index: aux.index, message: "the decoder delivered no image")
        }
        let table = ValueMapping.of(aux, in: photo.model, bitDepth: layout.bitDepth).table(as: unit)
        if log2Gain, let curve = GainCurve(aux) {
            tables = (0..<max(1, layout.channels)).map { c in curve.apply(table, channel: c) }
        } else {
            tables = [table]
        }
        var (w, h) = (layout.width, layout.height)
        var stored = collector.samples
        for step in turned ? MapOrientation.steps(for: aux, in: photo.model) : [] where step != .identity {
            switch stored {
            case .narrow(let s):
                let turned = step.apply(s, width: w, height: h, channels: layout.channels)
                (stored, w, h) = (.narrow(turned.samples), turned.width, turned.height)
            case .wide(let s):
                let turned = step.apply(s, width: w, height: h, channels: layout.channels)
                (stored, w, h) = (.wide(turned.samples), turned.width, turned.height)
            case .values(let v):
                let turned = step.apply(v, width: w, height: h, channels: layout.channels)
                (stored, w, h) = (.values(turned.samples), turned.width, turned.height)
            }
        }
        // A picture with no samples, or not as many as its size says, has nothing to compare.
        guard w > 0, h > 0, layout.channels > 0, let n = w *? h, let all = n *? layout.channels, all == stored.count else {
            throw DepthCheckError.undecodable(index: aux.index, message: "\(w)×\(h)×\(layout.channels) does not match its \(stored.count) samples")
        }
        width = w
        height = h
        channels = layout.channels
        bits = layout.bitDepth
        storedWidth = layout.width
        storedHeight = layout.height
        samples = stored
    }

    /// The value of sample `i` (counted over every channel), of channel `channel`.
    @inline(__always)
    func value(_ i: Int, channel: Int) -> Float {
        func look(_ s: Int) -> Float {
            let t = tables[tables.count == 1 ? 0 : channel]
            return s < t.count ? t[s] : .nan
        }
        switch samples {
        case .narrow(let s): return look(Int(s[i]))
        case .wide(let s): return look(Int(s[i]))
        case .values(let v): return v[i]
        }
    }

    /// The lowest and highest finite value.
    var finiteRange: (low: Float, high: Float)? {
        var low = Float.infinity, high = -Float.infinity
        for i in 0..<samples.count {
            let v = value(i, channel: i % max(1, channels))
            if v.isFinite {
                low = min(low, v)
                high = max(high, v)
            }
        }
        return high >= low ? (low, high) : nil
    }
}

/// A sink that keeps an aux image's stored samples compactly: a byte each when they have 8 bits
/// or fewer, two otherwise, allocated once at `start` after the size was checked against the
/// pixel limit.
struct CompactSampleCollector: AuxRowSink {
    private(set) var layout: StoredLayout?
    private(set) var samples: DisplayedValues.Samples = .narrow([])
    let maxPixels: Int
    let location: SourceLocation

    init(maxPixels: Int, location: SourceLocation) {
        self.maxPixels = maxPixels
        self.location = location
    }

    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        guard let pixels = layout.width *? layout.height, pixels <= maxPixels, let n = pixels *? max(1, layout.channels) else {
            throw AuxDecodeError(.overLimit, "\(layout.width)×\(layout.height) is over the pixel limit", at: location)
        }
        self.layout = layout
        samples = layout.bitDepth <= 8 ? .narrow([UInt8](repeating: 0, count: n)) : .wide([UInt16](repeating: 0, count: n))
    }

    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        let base = rows.firstRow * rows.width * rows.channels
        // Each buffer is taken out of `samples` before it is written, so that it is the only
        // reference and is written in place, not copied.
        switch samples {
        case .narrow(var out):
            samples = .values([])
            out.withUnsafeMutableBufferPointer { o in
                switch rows.samples {
                case .u8(let p): for i in 0..<p.count where base + i < o.count { o[base + i] = p[i] }
                case .u16(let p): for i in 0..<p.count where base + i < o.count { o[base + i] = UInt8(truncatingIfNeeded: p[i]) }
                }
            }
            samples = .narrow(out)
        case .wide(var out):
            samples = .values([])
            out.withUnsafeMutableBufferPointer { o in
                switch rows.samples {
                case .u8(let p): for i in 0..<p.count where base + i < o.count { o[base + i] = UInt16(p[i]) }
                case .u16(let p): for i in 0..<p.count where base + i < o.count { o[base + i] = p[i] }
                }
            }
            samples = .wide(out)
        case .values:
            break
        }
    }
}

/// What a gain map's metadata says its encoded values (0…1) mean: log2 gain = min + (max −
/// min) × value^(1/gamma), per channel. Adobe's Gain Map specification 1.0 (§2.3, the `hdrgm`
/// fields of an Ultra HDR JPEG) and ISO 21496-1 (§5.2, the `tmap` item or a JPEG's ISO
/// segment) share it; a field given once applies to every channel. Apple's HDRGainMap
/// metadata does not say how its values map to gain, so its maps are compared as encoded.
struct GainCurve {
    let low: [Double], high: [Double], gamma: [Double]

    init?(_ aux: ParsedAuxImage) {
        guard aux.kind == .hdrGainMap else { return nil }
        if let g = aux.adobeGainMap, let high = g.gainMapMax, !high.isEmpty {
            low = g.gainMapMin ?? [0]
            self.high = high
            gamma = g.gamma ?? [1]
        } else if let m = aux.toneMaps.first?.toneMap.metadata, !m.channels.isEmpty {
            low = m.channels.map { $0.gainMapMin.value ?? 0 }
            high = m.channels.map { $0.gainMapMax.value ?? 1 }
            gamma = m.channels.map { $0.gamma.value ?? 1 }
        } else {
            return nil
        }
    }

    /// The encoded values `values` (a table over the stored samples) as channel `channel`'s
    /// log2 gains.
    func apply(_ values: [Float], channel: Int) -> [Float] {
        func field(_ list: [Double]) -> Double { channel < list.count ? list[channel] : list[0] }
        let lo = field(low), hi = field(high), g = field(gamma)
        return values.map { v in
            guard v.isFinite, g > 0 else { return .nan }
            return Float(lo + (hi - lo) * pow(Double(max(0, v)), 1 / g))
        }
    }
}

/// A map's display size beside its photo's, and whether their aspects agree within a pixel of
/// the map (the smaller image).
struct DisplayGeometry {
    let mapWidth: Int, mapHeight: Int, photoWidth: Int, photoHeight: Int

    /// With `turned` false, the photo in its stored frame, as the map is then.
    init(photo: DepthPhoto, map: DisplayedValues, turned: Bool = true) {
        mapWidth = map.width
        mapHeight = map.height
        let swaps = turned && MapOrientation.primarySteps(in: photo.model).filter(\.swapsAxes).count % 2 == 1
        let (w, h) = (photo.model.primary.width, photo.model.primary.height)
        (photoWidth, photoHeight) = swaps ? (h, w) : (w, h)
    }

    var aligned: Bool {
        guard mapWidth > 0, mapHeight > 0, photoWidth > 0, photoHeight > 0 else { return true }
        // The photo's aspect at the map's width, against the map's height: within a pixel.
        let expected = Double(mapWidth) * Double(photoHeight) / Double(photoWidth)
        return abs(expected - Double(mapHeight)) <= 1
    }
}
