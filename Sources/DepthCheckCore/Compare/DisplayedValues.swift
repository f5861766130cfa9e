import AuxData
import Container
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An aux image's values in one quantity, turned into its photo's display frame.
struct DisplayedValues {
    let width: Int
    let height: Int
    let channels: Int
    /// Bits a stored sample has: what one quantisation step of the map is.
    let bits: Int
    let storedWidth: Int
    let storedHeight: Int
    /// Row by row from the top, `channels` values a pixel.
    let values: [Float]

    /// Values already in the display frame, stored at `bits`.
    init(width: Int, height: Int, channels: Int = 1, bits: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.bits = bits
        storedWidth = width
        storedHeight = height
        self.values = values
    }

    /// The values of `aux` of `photo` in `unit` (depth and disparity converted into each
    /// other; nil: the map's own, 0…1 for all but depth and disparity); with `log2Gain`, a
    /// gain map's encoded values as the log2 gains its metadata says they are (`GainCurve`).
    init(_ aux: ParsedAuxImage, of photo: DepthPhoto, as unit: ValueUnit?, log2Gain: Bool = false) throws {
        let image: StoredImage
        do { image = try AuxDecoder(photo: photo.model, bytes: photo.bytes, limits: photo.limits).storedImage(aux) } catch {
            throw DepthCheckError.undecodable(index: aux.index, message: error.description)
        }
        let table = ValueMapping.of(aux, in: photo.model, bitDepth: image.layout.bitDepth).table(as: unit)
        var values = [Float](unsafeUninitializedCapacity: image.samples.count) { out, written in
            image.samples.withUnsafeBufferPointer { samples in
                table.withUnsafeBufferPointer { t in
                    for i in samples.indices {
                        let s = Int(samples[i])
                        out[i] = s < t.count ? t[s] : .nan
                    }
                }
            }
            written = image.samples.count
        }
        if log2Gain, let curve = GainCurve(aux) { values = curve.apply(values, channels: image.channels) }
        var (w, h) = (image.width, image.height)
        for step in MapOrientation.steps(for: aux, in: photo.model) where step != .identity {
            let turned = step.apply(values, width: w, height: h, channels: image.channels)
            (values, w, h) = (turned.samples, turned.width, turned.height)
        }
        // A picture with no samples, or not as many as its size says, has nothing to compare.
        guard w > 0, h > 0, image.channels > 0, let n = w *? h, let all = n *? image.channels, all == values.count else {
            throw DepthCheckError.undecodable(index: aux.index, message: "\(w)×\(h)×\(image.channels) does not match its \(values.count) samples")
        }
        width = w
        height = h
        channels = image.channels
        bits = image.layout.bitDepth
        storedWidth = image.width
        storedHeight = image.height
        self.values = values
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

    /// `values` (`channels` a pixel) as log2 gains.
    func apply(_ values: [Float], channels: Int) -> [Float] {
        func field(_ list: [Double], _ c: Int) -> Double { c < list.count ? list[c] : list[0] }
        let n = max(1, channels)
        let lo = (0..<n).map { field(low, $0) }, hi = (0..<n).map { field(high, $0) }, g = (0..<n).map { field(gamma, $0) }
        return values.enumerated().map { k, v in
            let c = k % n
            guard v.isFinite, g[c] > 0 else { return .nan }
            return Float(lo[c] + (hi[c] - lo[c]) * pow(Double(max(0, v)), 1 / g[c]))
        }
    }
}

/// A map's display size beside its photo's, and whether their aspects agree within a pixel of
/// the map (the smaller image).
struct DisplayGeometry {
    let mapWidth: Int, mapHeight: Int, photoWidth: Int, photoHeight: Int

    init(photo: DepthPhoto, map: DisplayedValues) {
        mapWidth = map.width
        mapHeight = map.height
        let swaps = MapOrientation.primarySteps(in: photo.model).filter(\.swapsAxes).count % 2 == 1
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
