import AuxData
import Container

/// A photo and a disparity map of one scene, for content alignment: a 96×72 JPEG of a yellow
/// rectangle left of centre and a blue disc low on the right on a grey ground (encoded by
/// depthcheck's JPEG writer), and a 48×36 disparity map of the same scene (the rectangle at
/// 1.2 m, the disc at 0.8 m, the ground at 4 m) embedded as Apple does (`AuxEmbedder`). The
/// map can be stored turned or mirrored (`orientation`, Exif semantics), its size kept. The
/// same scene also gives a portrait matte (its two objects) and an Ultra HDR gain map (the
/// photo's brightness), each of which can be stored turned.
package enum ContentFixture {
    static func inRectangle(_ x: Double, _ y: Double) -> Bool { (0.12..<0.42).contains(x) && (0.12..<0.5).contains(y) }
    static func inDisc(_ x: Double, _ y: Double) -> Bool {
        let dx = (x - 0.73) * 4 / 3, dy = y - 0.69
        return dx * dx + dy * dy < 0.2 * 0.2
    }

    /// Another photo's scene: a disc high right of centre and a smaller one low on the left.
    static func inOtherHighDisc(_ x: Double, _ y: Double) -> Bool {
        let dx = (x - 0.58) * 4 / 3, dy = y - 0.3
        return dx * dx + dy * dy < 0.16 * 0.16
    }
    static func inOtherLowDisc(_ x: Double, _ y: Double) -> Bool {
        let dx = (x - 0.2) * 4 / 3, dy = y - 0.76
        return dx * dx + dy * dy < 0.12 * 0.12
    }

    /// Disparity at (u, v) of this scene, or of the other photo's.
    static func disparity(_ u: Double, _ v: Double, otherPhoto: Bool) -> Double {
        if otherPhoto { return 1 / (inOtherHighDisc(u, v) ? 1.0 : inOtherLowDisc(u, v) ? 0.7 : 4) }
        return 1 / (inDisc(u, v) ? 0.8 : inRectangle(u, v) ? 1.2 : 4)
    }

    /// The scene's colour at (u, v), each in 0…1.
    static func colour(_ u: Double, _ v: Double, otherPhoto: Bool = false) -> [UInt8] {
        let shade = UInt8(110 + 30 * v)
        if otherPhoto { return inOtherHighDisc(u, v) ? [200, 40, 40] : inOtherLowDisc(u, v) ? [240, 240, 200] : [shade, shade, shade + 10] }
        return inDisc(u, v) ? [40, 60, 170] : inRectangle(u, v) ? [230, 200, 60] : [shade, shade, shade + 10]
    }

    /// A `w` × `h` grid of the scene, value `f(u, v)` at each pixel's centre, stored turned by
    /// `exif` and, for a quarter turn, stretched back to `w` × `h`.
    static func grid(_ w: Int, _ h: Int, turned exif: Int, _ f: (Double, Double) -> Double) -> [Double] {
        var values: [Double] = []
        for y in 0..<h {
            for x in 0..<w { values.append(f((Double(x) + 0.5) / Double(w), (Double(y) + 0.5) / Double(h))) }
        }
        let turned = (MapOrientation(exif: exif) ?? .identity).apply(values, width: w, height: h)
        guard turned.width != w else { return turned.samples }
        return AlignmentGrid(width: turned.width, height: turned.height, values: turned.samples.map(Float.init))?
            .resampled(width: w, height: h).values.map(Double.init) ?? values
    }

    /// The scene's 96×72 pixels; with `keeping` under 100, of its middle `keeping` % only.
    static func pixels(keeping percent: Int = 100) -> PhotoPixels? {
        let w = 96, h = 72, k = Double(percent) / 100, o = (1 - k) / 2
        var rgb: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w { rgb += colour(o + k * (Double(x) + 0.5) / Double(w), o + k * (Double(y) + 0.5) / Double(h)) }
        }
        return PhotoPixels(width: w, height: h, rgb: rgb)
    }

    /// The photo, without aux images.
    package static func photo() throws(WriteError) -> [UInt8] {
        try photo(keeping: 100)
    }

    /// The photo of the scene's middle `percent` %, as if cropped after its maps were made.
    static func photo(keeping percent: Int) throws(WriteError) -> [UInt8] {
        guard let pixels = pixels(keeping: percent) else { return [] }
        return try PrimaryEncoder.jpeg(pixels)
    }

    /// The scene as a HEIC (libheif's x265, `PrimaryEncoder.heic`) with its 48×36 disparity map
    /// stored turned by `exif`, or another photo's, embedded as `embed` does. x265's output is
    /// not the same on every build, so the known-bad HEICs made by it are kept as bytes
    /// (`ContentHEIFCorpus`), and a test makes them again to hold them to the same findings.
    package static func heic(mapOrientation exif: Int, otherPhoto: Bool = false) throws(WriteError) -> [UInt8] {
        guard let pixels = pixels() else { return [] }
        let w = 48, h = 36
        let values = grid(w, h, turned: exif) { u, v in disparity(u, v, otherPhoto: otherPhoto) }
        guard let map = AuxMap.quantising(values, width: w, height: h, kind: .disparity, format: PixelFormat.hdis) else { return [] }
        return try AuxEmbedder.edit(try PrimaryEncoder.heic(pixels), removing: [], adding: [map])
    }

    /// The photo with the disparity map as it should be and a 48×36 portrait matte of its two
    /// objects stored turned by `exif`.
    package static func photo(matteOrientation exif: Int) throws(WriteError) -> [UInt8] {
        let (w, h) = (48, 36)
        let disparity = grid(w, h, turned: 1) { u, v in Self.disparity(u, v, otherPhoto: false) }
        let matte = grid(w, h, turned: exif) { u, v in inDisc(u, v) || inRectangle(u, v) ? 255 : 0 }
        guard let map = AuxMap.quantising(disparity, width: w, height: h, kind: .disparity, format: PixelFormat.hdis) else { return [] }
        let portrait = AuxMap(kind: .portraitEffectsMatte, semanticMatte: nil, width: w, height: h,
                              samples: matte.map { UInt8(clamping: Int($0.rounded())) }, nativeFormat: PixelFormat.L008)
        return try AuxEmbedder.edit(try photo(), removing: [], adding: [map, portrait])
    }

    /// An Ultra HDR JPEG of the scene: the photo, and a 48×36 gain map that follows its
    /// brightness (Ultra HDR v1: hdrgm XMP in the primary and the map, the map as MP image 2),
    /// stored turned by `exif`, or made for another photo's scene.
    package static func ultraHDR(gainMapOrientation exif: Int, otherPhoto: Bool = false) throws(WriteError) -> [UInt8] {
        let (w, h) = (48, 36)
        let gains = grid(w, h, turned: exif) { u, v in
            let c = colour(u, v, otherPhoto: otherPhoto)
            return Double(c[0]) * 0.299 + Double(c[1]) * 0.587 + Double(c[2]) * 0.114
        }
        var rgb: [UInt8] = []
        for g in gains { let s = UInt8(clamping: Int(g.rounded())); rgb += [s, s, s] }
        guard let pixels = PhotoPixels(width: w, height: h, rgb: rgb) else { return [] }
        let coded = try PrimaryEncoder.jpeg(pixels, quality: 95)
        let map = Array(coded[0..<2]) + JPEGFixture.xmp(UltraHDRFixture.packet(UltraHDRFixture.gainMapFields)) + Array(coded[2...])
        let base = try photo()
        let before = [JPEGFixture.exif(orientation: 1),
                      JPEGFixture.xmp(UltraHDRFixture.packet("hdrgm:Version=\"1.0\"", directory: UltraHDRFixture.directory(gainMapLength: map.count)))]
        return JPEGFixture.multiPicture(primaryBefore: before, primaryBody: Array(base[2...]), secondaries: [map])
    }

    /// The photo with its disparity map, stored turned by Exif orientation `exif` (1: as it
    /// should be) and its scene moved `shift` percent of its width to the right. A quarter turn
    /// is stretched back to 48×36, so that the map's size says nothing. With `otherPhoto`, the
    /// map is another photo's: two discs where this photo has nothing. With `photoKeeping` under
    /// 100, the photo is of the scene's middle that percent, the map of all of it.
    package static func photo(mapOrientation exif: Int, shift: Int = 0, otherPhoto: Bool = false,
                              photoKeeping: Int = 100) throws(WriteError) -> [UInt8] {
        let orientation = MapOrientation(exif: exif) ?? .identity
        let w = 48, h = 36
        let values = grid(w, h, turned: orientation.exif) { u, v in
            disparity(u - Double(shift) / 100, v, otherPhoto: otherPhoto)
        }
        guard let map = AuxMap.quantising(values, width: w, height: h, kind: .disparity, format: PixelFormat.hdis) else { return [] }
        return try AuxEmbedder.edit(try photo(keeping: photoKeeping), removing: [], adding: [map])
    }
}
