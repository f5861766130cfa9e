/// One of the eight orientations of Exif's Orientation tag (CIPA DC-008 / JEITA Exif 2.3,
/// tag 0x0112): how a map in its stored frame is turned into the display frame, as ImageIO's
/// `depthDataByApplyingExifOrientation:` turns it (AVDepthData.h).
package struct MapOrientation: Sendable, Equatable, CustomStringConvertible {
    /// 1 as stored, 2 mirrored left–right, 3 turned 180°, 4 mirrored top–bottom, 5 transposed,
    /// 6 turned 90° clockwise, 7 transversed, 8 turned 90° anticlockwise.
    package let exif: Int

    package init?(exif: Int) {
        guard (1...8).contains(exif) else { return nil }
        self.exif = exif
    }

    package static let identity = MapOrientation(uncheckedExif: 1)
    init(uncheckedExif: Int) { exif = uncheckedExif }

    package var description: String { "orientation \(exif)" }
    /// Whether width and height swap.
    package var swapsAxes: Bool { exif >= 5 }

    /// The orientation that undoes this one: 6 and 8 undo each other, the others themselves.
    package var inverse: MapOrientation {
        switch exif {
        case 6: return MapOrientation(uncheckedExif: 8)
        case 8: return MapOrientation(uncheckedExif: 6)
        default: return self
        }
    }

    /// The displayed size of a stored width × height map.
    package func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The stored pixel shown at display position (x, y) of a stored width × height map.
    @inlinable package func storedPosition(x: Int, y: Int, width w: Int, height h: Int) -> (x: Int, y: Int) {
        switch exif {
        case 2: return (w - 1 - x, y)
        case 3: return (w - 1 - x, h - 1 - y)
        case 4: return (x, h - 1 - y)
        case 5: return (y, x)
        case 6: return (y, h - 1 - x)
        case 7: return (w - 1 - y, h - 1 - x)
        case 8: return (w - 1 - y, x)
        default: return (x, y)
        }
    }

    /// The map turned into the display frame.
    package func apply<T>(_ samples: [T], width: Int, height: Int) -> (samples: [T], width: Int, height: Int) {
        if exif == 1 || samples.count != width * height || samples.isEmpty { return (samples, width, height) }
        let (dw, dh) = displaySize(width: width, height: height)
        var out: [T] = []
        out.reserveCapacity(samples.count)
        for y in 0..<dh {
            for x in 0..<dw {
                let s = storedPosition(x: x, y: y, width: width, height: height)
                out.append(samples[s.y * width + s.x])
            }
        }
        return (out, dw, dh)
    }

    /// The map of `channels` interleaved samples a pixel turned into the display frame.
    package func apply<T>(_ samples: [T], width: Int, height: Int, channels: Int) -> (samples: [T], width: Int, height: Int) {
        guard channels > 1 else { return apply(samples, width: width, height: height) }
        if exif == 1 || samples.count != width * height * channels || samples.isEmpty { return (samples, width, height) }
        let (dw, dh) = displaySize(width: width, height: height)
        var out: [T] = []
        out.reserveCapacity(samples.count)
        for y in 0..<dh {
            for x in 0..<dw {
                let s = storedPosition(x: x, y: y, width: width, height: height)
                let at = (s.y * width + s.x) * channels
                out.append(contentsOf: samples[at..<(at + channels)])
            }
        }
        return (out, dw, dh)
    }

    /// The steps that bring `aux` of `photo` into the display frame: for a JPEG the primary's
    /// Exif Orientation (an aux image lives in the primary's stored frame; CIPA DC-007 images
    /// from Apple carry no Exif of their own), for a HEIF the aux item's own `irot` and `imir`
    /// in `ipma` order (ISO/IEC 23008-12 §6.5.10 irot turns anticlockwise, §6.5.12 imir axis
    /// 0 mirrors about the vertical axis, 1 about the horizontal axis). A grid's or an image's
    /// `clap` is not applied.
    package static func steps(for aux: ParsedAuxImage, in photo: ParsedPhoto) -> [MapOrientation] {
        switch photo.container {
        case .jpeg:
            let o = aux.geometry.orientation ?? photo.primary.orientation ?? 1
            return [MapOrientation(exif: o) ?? .identity]
        case .heif:
            return steps(of: aux.geometry.transforms)
        }
    }

    /// The steps that bring the primary of `photo` into the display frame: its Exif
    /// Orientation in a JPEG, its `irot` and `imir` in a HEIF (as `steps(for:in:)` for aux images).
    package static func primarySteps(in photo: ParsedPhoto) -> [MapOrientation] {
        switch photo.container {
        case .jpeg: return [MapOrientation(exif: photo.primary.orientation ?? 1) ?? .identity]
        case .heif: return steps(of: photo.primary.transforms)
        }
    }

    /// A map in the display frame brought back into the stored frame that `steps` turn into
    /// it: each step's inverse, the last step first.
    package static func storedFrame<T>(of samples: [T], width: Int, height: Int,
                                      undoing steps: [MapOrientation]) -> (samples: [T], width: Int, height: Int) {
        var m = (samples: samples, width: width, height: height)
        for step in steps.reversed() { m = step.inverse.apply(m.samples, width: m.width, height: m.height) }
        return m
    }

    /// The one orientation that `steps` come to, applied in order: the eight orientations are
    /// closed under composition (the dihedral group of the square), so a list of them is one.
    package static func combined(_ steps: [MapOrientation]) -> MapOrientation {
        // Where the steps take a 2×3 picture of distinct values decides which orientation they are.
        let probe = Array(0..<6)
        var m = (samples: probe, width: 2, height: 3)
        for step in steps { m = step.apply(m.samples, width: m.width, height: m.height) }
        for exif in 1...8 {
            let one = MapOrientation(uncheckedExif: exif)
            if one.apply(probe, width: 2, height: 3).samples == m.samples { return one }
        }
        return .identity
    }

    /// `irot` then `imir` as orientation steps.
    package static func steps(of t: ImageTransforms) -> [MapOrientation] {
        var steps: [MapOrientation] = []
        // ImageTransforms keeps irot and imir without their relative order; HEIF writers
        // (Apple, libheif) list irot before imir, and ISO/IEC 23008-12 applies them in ipma order.
        switch ((t.rotation ?? 0) % 360 + 360) % 360 {
        case 90: steps.append(MapOrientation(uncheckedExif: 8))
        case 180: steps.append(MapOrientation(uncheckedExif: 3))
        case 270: steps.append(MapOrientation(uncheckedExif: 6))
        default: break
        }
        if let axis = t.mirrorAxis { steps.append(MapOrientation(uncheckedExif: axis == 0 ? 2 : 4)) }
        return steps
    }
}
