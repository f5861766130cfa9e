import AuxData

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
    /// other; nil: the map's own, 0…1 for all but depth and disparity).
    init(_ aux: AuxData.AuxImage, of photo: DepthPhoto, as unit: ValueUnit?) throws {
        let image: StoredImage
        do { image = try AuxDecoder(photo: photo.model, bytes: photo.bytes, limits: photo.limits).storedImage(aux) } catch {
            throw DepthCheckError.undecodable(index: aux.index, message: error.description)
        }
        let table = ValueMapping.of(aux, in: photo.model, bitDepth: image.layout.bitDepth).table(as: unit)
        var values = image.samples.map { Int($0) < table.count ? table[Int($0)] : Float.nan }
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
