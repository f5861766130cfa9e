import AuxData
import Container

/// A photo and a disparity map of one scene, for content alignment: a 96×72 JPEG of a yellow
/// rectangle left of centre and a blue disc low on the right on a grey ground (encoded by
/// depthcheck's JPEG writer), and a 48×36 disparity map of the same scene (the rectangle at
/// 1.2 m, the disc at 0.8 m, the ground at 4 m) embedded as Apple does (`AuxEmbedder`). The
/// map can be stored turned or mirrored (`orientation`, Exif semantics), its size kept.
package enum ContentFixture {
    static func inRectangle(_ x: Double, _ y: Double) -> Bool { (0.12..<0.42).contains(x) && (0.12..<0.5).contains(y) }
    static func inDisc(_ x: Double, _ y: Double) -> Bool {
        let dx = (x - 0.73) * 4 / 3, dy = y - 0.69
        return dx * dx + dy * dy < 0.2 * 0.2
    }

    /// The photo, without aux images.
    package static func photo() throws(WriteError) -> [UInt8] {
        let w = 96, h = 72
        var rgb: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let u = (Double(x) + 0.5) / Double(w), v = (Double(y) + 0.5) / Double(h)
                let shade = UInt8(110 + 30 * v)
                rgb += inDisc(u, v) ? [40, 60, 170] : inRectangle(u, v) ? [230, 200, 60] : [shade, shade, shade + 10]
            }
        }
        guard let pixels = PhotoPixels(width: w, height: h, rgb: rgb) else { return [] }
        return try PrimaryEncoder.jpeg(pixels)
    }

    /// The photo with its disparity map, stored turned by Exif orientation `exif` (1: as it
    /// should be) and its scene moved `shift` percent of its width to the right. A quarter turn
    /// is stretched back to 48×36, so that the map's size says nothing.
    package static func photo(mapOrientation exif: Int, shift: Int = 0) throws(WriteError) -> [UInt8] {
        let orientation = MapOrientation(exif: exif) ?? .identity
        let w = 48, h = 36
        var values: [Double] = []
        for y in 0..<h {
            for x in 0..<w {
                let u = (Double(x) + 0.5) / Double(w) - Double(shift) / 100, v = (Double(y) + 0.5) / Double(h)
                values.append(1 / (inDisc(u, v) ? 0.8 : inRectangle(u, v) ? 1.2 : 4))
            }
        }
        var turned = orientation.apply(values, width: w, height: h)
        if turned.width != w {
            let grid = AlignmentGrid(width: turned.width, height: turned.height, values: turned.samples.map(Float.init))?
                .resampled(width: w, height: h)
            turned = (grid?.values.map(Double.init) ?? values, w, h)
        }
        guard let map = AuxMap.quantising(turned.samples, width: w, height: h, kind: .disparity, format: PixelFormat.hdis) else { return [] }
        return try AuxEmbedder.edit(try photo(), removing: [], adding: [map])
    }
}
