import AuxData
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

    /// The values of `aux` of `photo` in `unit` (depth and disparity converted into each
    /// other; nil: the map's own, 0…1 for all but depth and disparity); with `log2Gain`, a
    /// gain map's encoded values as the log2 gains its `hdrgm` metadata says they are.
    init(_ aux: AuxData.AuxImage, of photo: DepthPhoto, as unit: ValueUnit?, log2Gain: Bool = false) throws {
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
        if log2Gain, let g = aux.adobeGainMap { values = Self.log2Gains(values, channels: image.channels, g) }
        var (w, h) = (image.width, image.height)
        for step in MapOrientation.steps(for: aux, in: photo.model) where step != .identity {
            let turned = step.apply(values, width: w, height: h, channels: image.channels)
            (values, w, h) = (turned.samples, turned.width, turned.height)
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

extension DisplayedValues {
    /// Whether `aux` is a gain map whose `hdrgm` metadata says what its values mean.
    static func hasLog2Gains(_ aux: AuxData.AuxImage) -> Bool {
        aux.kind == .hdrGainMap && aux.adobeGainMap?.gainMapMax != nil
    }

    /// Encoded gain-map values (0…1) as log2 gains: GainMapMin + (GainMapMax − GainMapMin) ×
    /// value^(1/Gamma), per channel (Adobe's Gain Map specification 1.0, §2.3; a field given
    /// once applies to every channel; GainMapMin defaults to 0, Gamma to 1).
    static func log2Gains(_ values: [Float], channels: Int, _ g: AdobeGainMapDescription) -> [Float] {
        func field(_ list: [Double]?, _ c: Int, _ fallback: Double) -> Double {
            guard let list, !list.isEmpty else { return fallback }
            return c < list.count ? list[c] : list[0]
        }
        let n = max(1, channels)
        let low = (0..<n).map { field(g.gainMapMin, $0, 0) }, high = (0..<n).map { field(g.gainMapMax, $0, 1) }
        let gamma = (0..<n).map { field(g.gamma, $0, 1) }
        return values.enumerated().map { k, v in
            let c = k % n
            guard v.isFinite, gamma[c] > 0 else { return .nan }
            return Float(low[c] + (high[c] - low[c]) * pow(Double(max(0, v)), 1 / gamma[c]))
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
