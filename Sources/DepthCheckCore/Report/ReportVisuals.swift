import AuxData
import Container
import Validator

/// The pictures of one file's card in the HTML report: the photo small, in display
/// orientation, and every aux image decoded, drawn in the same orientation — depth and
/// disparity through the Turbo colour map with nearer drawn warmer, mattes, gain maps and
/// alpha in gray — each with its statistics and dictionary. Anything that cannot be decoded
/// becomes a note on the card, never a failed report.
public enum ReportVisuals {
    /// Longest side of the pictures: large enough to judge a map's alignment (the page shows
    /// them about 640 pixels wide), small when a page holds many files, so it stays light.
    public static func maxSide(files: Int) -> Int { files > 50 ? 160 : 640 }

    /// The check of the photo in `bytes` (as `Validation.check` makes it) with its card's
    /// pictures, every aux image decoded once: the pictures and, under `options.pixels`, the
    /// pixel rules share the decode.
    public static func checked(bytes: [UInt8], path: String, options: CheckOptions, maxSide: Int) -> FileReport {
        let (report, decoded, images) = Validation.check(bytes: bytes, path: path, options: options, keepingImages: true)
        guard let photo = report.photo else { return report }
        return report.with(visuals: make(photo: photo, bytes: bytes, decoded: decoded, images: images,
                                         maxSide: maxSide, limits: options.limits))
    }

    /// The pictures of a photo's card from its decoded aux images (`decoded`, `images`: as
    /// `Validation.check(bytes:path:options:keepingImages:)` gives them).
    static func make(photo: AuxData.DepthPhoto, bytes: [UInt8], decoded: [AuxPixelSummary], images: [Int: StoredImage],
                     maxSide: Int, limits: ParseLimits) -> FileVisuals {
        var thumbnail: FileVisuals.Picture?
        var note: String?
        do throws(PhotoThumbnail.Failure) {
            thumbnail = picture(try PhotoThumbnail.picture(of: photo, bytes: bytes, maxSide: maxSide, limits: limits))
            if thumbnail == nil { note = "the picture of the photo could not be encoded" }
        } catch {
            note = "the photo cannot be drawn here: \(error)"
        }
        let maps = photo.auxImages.map { aux in
            map(aux, summary: decoded.first { $0.index == aux.index }, image: images[aux.index], photo: photo, maxSide: maxSide)
        }
        return FileVisuals(thumbnail: thumbnail, thumbnailNote: note, maps: maps)
    }

    static func map(_ aux: AuxData.AuxImage, summary: AuxPixelSummary?, image: StoredImage?, photo: AuxData.DepthPhoto,
                    maxSide: Int) -> FileVisuals.Map {
        let kind = aux.semanticMatte.map { "\(aux.kind.rawValue) (\($0.rawValue))" } ?? aux.kind.rawValue
        var dictionary: [(String, String)] = []
        if let d = aux.dictionary {
            dictionary = [("PixelFormat", d.pixelFormat.description), ("Width", String(d.width)),
                          ("Height", String(d.height)), ("BytesPerRow", String(d.bytesPerRow))]
        }
        if let t = aux.auxType { dictionary.append(("auxiliary type", t)) }
        // The aux image's XMP, as `info` lists it.
        for (name, value) in aux.metadata {
            switch value {
            case .text(let t): dictionary.append((name, t))
            case .list(let items): dictionary.append((name, items.joined(separator: ", ")))
            }
        }
        guard let decoded = summary?.decoded, let image else {
            let why = summary?.error.map { "\($0)" } ?? "it was not decoded"
            return FileVisuals.Map(index: aux.index, kind: kind, picture: nil, dictionary: dictionary,
                                   note: "does not decode: \(why)")
        }
        let mapping = decoded.mapping
        let statistics = decoded.statistics
        dictionary.append(("values", "\(mapping.unit.rawValue), from \(mapping.source)"))
        var legend: FileVisuals.Legend?
        let colours: [RGBPicture.Pixel]
        let ranged = mapping.unit != .normalized && statistics.min.isFinite && statistics.max.isFinite
        if ranged {
            // Nearer is warmer: disparity grows as things come nearer, depth shrinks.
            let depth = mapping.unit == .depth
            let span = statistics.max - statistics.min
            colours = (0...mapping.maxSample).map { s in
                let v = mapping.value(ofSample: s)
                guard v.isFinite else { return RGBPicture.Pixel(0, 0, 0) }
                let t = span > 0 ? (v - statistics.min) / span : 0.5
                // The 256-colour table: a 16-bit map needs 65,536 colours, not 65,536 polynomials.
                let (r, g, b) = TurboColourMap.table[Int((min(1, max(0, depth ? 1 - t : t)) * 255).rounded())]
                return RGBPicture.Pixel(r, g, b)
            }
            legend = FileVisuals.Legend(minimum: statistics.min, maximum: statistics.max, unit: mapping.unitLabel(),
                                        warmAtMinimum: depth)
        } else {
            let top = max(1, mapping.maxSample)
            colours = (0...mapping.maxSample).map { s in
                let g = UInt8(clamping: s * 255 / top)
                return RGBPicture.Pixel(g, g, g)
            }
        }
        let pixels: [RGBPicture.Pixel]
        if image.channels == 3 {
            // A colour gain map is drawn as its red, green and blue, each sample scaled to 8 bits.
            let top = max(1, mapping.maxSample)
            func eight(_ s: UInt16) -> UInt8 { UInt8(clamping: min(Int(s), top) * 255 / top) }
            pixels = stride(from: 0, to: image.samples.count - 2, by: 3).map { i in
                RGBPicture.Pixel(eight(image.samples[i]), eight(image.samples[i + 1]), eight(image.samples[i + 2]))
            }
            legend = nil
        } else {
            pixels = image.samples.map { colours[min(Int($0), colours.count - 1)] }
        }
        guard let stored = RGBPicture(width: image.width, height: image.height, pixels: pixels) else {
            return FileVisuals.Map(index: aux.index, kind: kind, picture: nil, legend: legend, statistics: statistics,
                                   dictionary: dictionary, note: "the decoded size does not match its samples")
        }
        let shown = stored.fitting(maxSide).oriented(MapOrientation.steps(for: aux, in: photo))
        return FileVisuals.Map(index: aux.index, kind: kind, picture: picture(shown), legend: legend, statistics: statistics,
                               dictionary: dictionary, note: nil)
    }

    static func picture(_ p: RGBPicture) -> FileVisuals.Picture? {
        guard let png = try? p.png() else { return nil }
        return FileVisuals.Picture(png: png, width: p.width, height: p.height)
    }
}
