import AuxData
import Container
import Validator

/// The pictures of one file's card in the HTML report: the photo small, in display
/// orientation, and every aux image decoded, drawn in the same orientation — depth and
/// disparity through the Turbo colour map with nearer drawn warmer, mattes, gain maps and
/// alpha in gray — each with its statistics and dictionary. Anything that cannot be decoded
/// becomes a note on the card, never a failed report.
public enum ReportVisuals {
    /// Longest side of the pictures, in pixels, and the size they are shown at: large enough
    /// to judge a map's alignment on a page of a few files, smaller on a folder's page, so that
    /// a page stays under 200 KB a file.
    public static func maxSide(files: Int) -> Int { files > 10 ? 240 : 480 }

    /// The JPEG quality of the pictures: artefacts a person does not see at the size shown.
    static let jpegQuality = 85

    /// The check of the photo in `bytes` (as `Validation.check` makes it) with its card's
    /// pictures, every aux image decoded once: the pictures and, under `options.pixels`, the
    /// pixel rules share the decode.
    /// The pictures are at most `maxSide` pixels on their longer side, smaller when that is
    /// what keeps their encoded bytes within `pictureBudget`.
    package static func checked(bytes: [UInt8], path: String, options: CheckOptions, maxSide: Int,
                               pictureBudget: Int = pictureBudget) -> FileReport {
        let (report, decoded, images) = Validation.check(bytes: bytes, path: path, options: options, keepingImages: true)
        guard let photo = report.photo else { return report }
        return report.with(visuals: make(photo: photo, bytes: bytes, decoded: decoded, images: images,
                                         maxSide: maxSide, budget: pictureBudget, limits: options.limits))
    }

    /// The pictures of a photo's card from its decoded aux images (`decoded`, `images`: as
    /// `Validation.check(bytes:path:options:keepingImages:)` gives them).
    static func make(photo: ParsedPhoto, bytes: [UInt8], decoded: [AuxPixelSummary], images: [Int: StoredImage],
                     maxSide: Int, budget: Int = pictureBudget, limits: ParseLimits) -> FileVisuals {
        var drawnPhoto: RGBPicture?
        var note: String?
        do throws(PhotoThumbnail.Failure) {
            drawnPhoto = try PhotoThumbnail.picture(of: photo, bytes: bytes, maxSide: maxSide, limits: limits)
        } catch {
            note = "the photo cannot be drawn here: \(error)"
        }
        let drawn = photo.auxImages.map { aux in
            map(aux, summary: decoded.first { $0.index == aux.index }, image: images[aux.index], photo: photo, maxSide: maxSide)
        }
        // A map that lines up with the photo only when turned, mirrored, moved or cropped is
        // drawn so too (geometry.content.misaligned).
        let luma = drawnPhoto.map { AlignmentGrid(luma: $0.fitting(ContentAlignment.workingSide)) }
        let fits: [ContentAlignment.Verdict?] = photo.auxImages.map { aux in
            guard let luma, ContentAlignment.judgesKind(aux.kind),
                  let preview = decoded.first(where: { $0.index == aux.index })?.decoded?.preview else { return nil }
            let placed = MapOrientation.steps(for: aux, in: photo).reduce(preview) { $0.oriented($1) }
            return ContentAlignment.judge(photo: luma, map: placed).verdict
        }
        // Encoded at the largest size whose pictures fit the budget: a photo with many aux
        // images gets smaller pictures rather than a heavier page.
        var side = maxSide
        while true {
            let thumbnail = drawnPhoto.flatMap { picture($0.fitting(side), exact: false) }
            let maps = zip(drawn, fits).map { d, fit in
                d.picture.map { p in
                    let fitting = fit.flatMap { Self.placed(p, $0) }.flatMap { q, how in picture(q.fitting(side)).map { ($0, how) } }
                    return d.map.drawn(picture(p.fitting(side)), fitting: fitting, alignment: fit.flatMap(Self.alignmentNote))
                } ?? d.map
            }
            // The first drawn map is on the page twice: over the photo and alone.
            let total = (thumbnail?.bytes.count ?? 0) + maps.reduce(0) { $0 + ($1.picture?.bytes.count ?? 0) }
                + (maps.first { $0.picture != nil }?.picture?.bytes.count ?? 0)
            if total <= budget || side <= minimumSide {
                if drawnPhoto != nil, thumbnail == nil { note = "the picture of the photo could not be encoded" }
                return FileVisuals(thumbnail: thumbnail, thumbnailNote: note, maps: maps)
            }
            side = max(minimumSide, side * 3 / 4)
        }
    }

    /// `map` (drawn as the file places it) placed as `verdict` says it fits, and how; nil when
    /// it fits as placed or nowhere.
    static func placed(_ map: RGBPicture, _ verdict: ContentAlignment.Verdict) -> (RGBPicture, String)? {
        switch verdict {
        case .misaligned(let o): return (map.oriented([o]), ContentAlignment.describe(o))
        case .shifted(let x, let y): return (map.shifted(xPercent: x, yPercent: y), ContentAlignment.describeShift(x: x, y: y))
        case .cropped(let p): return (map.middle(p), ContentAlignment.describeCrop(p))
        case .aligned, .unrelated, .notApplicable: return nil
        }
    }

    /// What a card says of a map content alignment draws in no other placement.
    package static func alignmentNote(_ verdict: ContentAlignment.Verdict) -> String? {
        switch verdict {
        case .aligned: return "content: lines up with the photo as placed"
        case .unrelated: return "content: fits the photo in no placement tried; it may be another photo's map"
        case .notApplicable(let reason): return "content: not judged, as " + reason
        case .misaligned, .shifted, .cropped: return nil
        }
    }

    /// The bytes a card's pictures may take: with base64's third more and the card's text, a
    /// page stays under 200 KB a file.
    public static let pictureBudget = 128_000
    /// The smallest longest side a picture is shrunk to for the budget.
    public static let minimumSide = 96

    /// One aux image's card entry without its picture encoded, and the picture drawn in the
    /// photo's display orientation at `maxSide`, when it decodes.
    static func map(_ aux: ParsedAuxImage, summary: AuxPixelSummary?, image: StoredImage?, photo: ParsedPhoto,
                    maxSide: Int) -> (map: FileVisuals.Map, picture: RGBPicture?) {
        let kind = FileReport.kindLabel(aux)
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
            return (FileVisuals.Map(index: aux.index, kind: kind, picture: nil, dictionary: dictionary,
                                    note: "does not decode: \(why)"), nil)
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
            return (FileVisuals.Map(index: aux.index, kind: kind, picture: nil, legend: legend, statistics: statistics,
                                    dictionary: dictionary, note: "the decoded size does not match its samples"), nil)
        }
        let shown = stored.fitting(maxSide).oriented(MapOrientation.steps(for: aux, in: photo))
        return (FileVisuals.Map(index: aux.index, kind: kind, picture: nil, legend: legend, statistics: statistics,
                                dictionary: dictionary, note: nil), shown)
    }

    /// The picture encoded for the page. A photo is a JPEG: its exact colours tell nothing.
    /// A map of few colours is the smaller of its PNG, exact, and its JPEG: a flat map or a
    /// matte's large even areas are smaller exact, a smooth depth map is several times
    /// smaller as a JPEG.
    static func picture(_ p: RGBPicture, exact: Bool = true) -> FileVisuals.Picture? {
        let jpeg = p.jpeg(quality: jpegQuality)
        // A picture of many colours (a smooth map through the colour map, a gray gain map) is
        // never smaller as a PNG: it is not encoded twice.
        if exact, p.hasFewColours, let png = try? p.png(), png.count <= jpeg?.count ?? Int.max {
            return FileVisuals.Picture(bytes: png, mediaType: "image/png", width: p.width, height: p.height)
        }
        return jpeg.map { FileVisuals.Picture(bytes: $0, mediaType: "image/jpeg", width: p.width, height: p.height) }
    }
}
