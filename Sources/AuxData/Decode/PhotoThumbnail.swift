import CHeifLazy
import CJPEGBridge
import Container

/// A small picture of the photo itself in its display orientation, for the report: never a
/// source of values. A JPEG is decoded by libjpeg-turbo at a reduced DCT size, then turned by
/// its Exif Orientation; a HEIF's `thmb` item (ISO/IEC 23008-12 §6.4.4) or, without one, its
/// primary is decoded by libheif, which applies `irot`, `imir` and `clap` itself. When libheif
/// cannot open the file (an item graph it does not know), the `thmb` item alone is decoded and
/// turned by the primary's `irot`/`imir`.
package enum PhotoThumbnail {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The picture, at most `maxSide` pixels on its longer side.
    package static func picture(of photo: ParsedPhoto, bytes: [UInt8], maxSide: Int,
                               limits: ParseLimits = .default) throws(Failure) -> RGBPicture {
        let pixels = (photo.primary.width *? photo.primary.height) ?? Int.max
        switch photo.structure {
        case .jpeg:
            guard pixels <= limits.maxPixels else { throw Failure(description: "the photo is over the pixel limit") }
            return try jpeg(bytes, maxSide: maxSide, limits: limits).fitting(maxSide).oriented(MapOrientation.primarySteps(in: photo))
        case .heif(let file):
            do throws(Failure) {
                // libheif follows derived images' inputs recursively: a graph with a cycle of
                // `dimg` references never reaches it (the thumbnail alone may still be drawn).
                guard file.graph.derivationCycle() == nil else {
                    throw Failure(description: "its derived images are their own inputs, so it is not decoded")
                }
                return try heif(bytes, maxSide: maxSide, primaryPixels: pixels, limits: limits).fitting(maxSide)
            } catch {
                guard let primary = photo.primary.itemID, let id = UInt32(exactly: primary),
                      let thumb = file.graph.thumbnails(of: id).first else { throw error }
                return try heifItem(thumb, of: file, bytes: bytes, limits: limits).fitting(maxSide)
                    .oriented(MapOrientation.primarySteps(in: photo))
            }
        case .imageSequence:
            throw Failure(description: "an image sequence has no still image to show")
        }
    }

    static func jpeg(_ bytes: [UInt8], maxSide: Int, limits: ParseLimits) throws(Failure) -> RGBPicture {
        try bytes.withUnsafeBufferPointer { (data) throws(Failure) -> RGBPicture in
            guard let base = data.baseAddress, let d = cjb_open(base, data.count) else { throw Failure(description: "libjpeg could not start") }
            defer { cjb_close(d) }
            var header = cjb_header()
            guard cjb_start_rgb_scaled(d, UInt64(max(0, limits.maxPixels)), UInt32(clamping: maxSide), &header) == 0 else {
                throw Failure(description: "libjpeg: " + String(cString: cjb_message(d)))
            }
            let width = Int(header.width), height = Int(header.height)
            guard header.output_components == 3, let n = width *? height, let size = n *? 3, n > 0 else {
                throw Failure(description: "libjpeg gave no RGB picture")
            }
            var rgb = [UInt8](repeating: 0, count: size)
            var row = 0
            while row < height {
                let got = rgb.withUnsafeMutableBufferPointer { out in
                    cjb_read_rows(d, out.baseAddress.map { $0 + row * width * 3 }, width * 3, UInt32(height - row))
                }
                guard got > 0 else { throw Failure(description: "libjpeg: " + String(cString: cjb_message(d))) }
                row += Int(got)
            }
            return try rgb.withUnsafeBufferPointer { (p) throws(Failure) -> RGBPicture in
                guard let base = p.baseAddress else { throw Failure(description: "libjpeg gave no RGB picture") }
                return try picture(rows: base, stride: width * 3, width: width, height: height)
            }
        }
    }

    /// The whole file through libheif: its first thumbnail of the primary, else the primary.
    static func heif(_ bytes: [UInt8], maxSide: Int, primaryPixels: Int, limits: ParseLimits) throws(Failure) -> RGBPicture {
        guard let ctx = heif_context_alloc() else { throw Failure(description: LibheifAvailability.noContext) }
        defer { heif_context_free(ctx) }
        return try bytes.withUnsafeBufferPointer { (raw) throws(Failure) -> RGBPicture in
            try check(heif_context_read_from_memory_without_copy(ctx, raw.baseAddress, raw.count, nil))
            var primary: OpaquePointer?
            try check(heif_context_get_primary_image_handle(ctx, &primary))
            guard let p = primary else { throw Failure(description: "libheif found no primary image") }
            defer { heif_image_handle_release(p) }
            var ids = [heif_item_id](repeating: 0, count: 1)
            if heif_image_handle_get_number_of_thumbnails(p) > 0,
               heif_image_handle_get_list_of_thumbnail_IDs(p, &ids, 1) == 1 {
                var thumb: OpaquePointer?
                try check(heif_image_handle_get_thumbnail(p, ids[0], &thumb))
                guard let t = thumb else { throw Failure(description: "libheif found no thumbnail") }
                defer { heif_image_handle_release(t) }
                return try decodeRGB(t, maxSide: maxSide, limits: limits)
            }
            guard primaryPixels <= limits.maxPixels else { throw Failure(description: "the photo is over the pixel limit") }
            return try decodeRGB(p, maxSide: maxSide, limits: limits)
        }
    }

    /// One item (a `thmb`) in a file of its own, decoded in its stored frame.
    static func heifItem(_ id: UInt32, of file: HEIF.File, bytes: [UInt8], limits: ParseLimits) throws(Failure) -> RGBPicture {
        let mini: AuxItemFile
        do throws(AuxDecodeError) {
            mini = try AuxItemFile(item: id, of: file, byteCount: bytes.count, limits: limits,
                                   at: SourceLocation(offset: 0, path: "meta/iinf/item[\(id)]"))
        } catch {
            throw Failure(description: error.description)
        }
        let heif = bytes.withUnsafeBufferPointer { mini.bytes(from: $0) }
        return try Self.heif(heif, maxSide: Int.max, primaryPixels: 0, limits: limits)
    }

    static func decodeRGB(_ handle: OpaquePointer, maxSide: Int, limits: ParseLimits) throws(Failure) -> RGBPicture {
        // The size the image declares, against the limit, before libheif allocates it.
        let declared = (Int(heif_image_handle_get_width(handle)) *? Int(heif_image_handle_get_height(handle))) ?? Int.max
        guard declared <= limits.maxPixels else { throw Failure(description: "the picture is over the pixel limit") }
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil))
        guard let img = image else { throw Failure(description: "libheif decoded nothing") }
        defer { heif_image_release(img) }
        let width = Int(heif_image_get_width(img, heif_channel_interleaved))
        let height = Int(heif_image_get_height(img, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let n = width *? height, n <= limits.maxPixels, n *? 3 != nil,
              let plane = heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride),
              Int(stride) >= width * 3 else { throw Failure(description: "libheif gave no RGB plane within the limits") }
        return try picture(rows: plane, stride: Int(stride), width: width, height: height, maxSide: maxSide)
    }

    /// The picture in `height` rows of `width` R G B bytes, `stride` bytes apart (a decoder's
    /// buffer or plane, whose sizes the caller checked), shrunk to fit `maxSide` × `maxSide`
    /// as `RGBPicture.fitting` shrinks (each pixel the mean of those it covers) straight from
    /// the rows: a 12-megapixel primary is never copied whole.
    static func picture(rows base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
                        maxSide: Int = Int.max) throws(Failure) -> RGBPicture {
        let picture = RGBPicture.shrinking(width: width, height: height, to: maxSide) { x, y in
            let p = base + y * stride + 3 * x
            return (Int(p[0]), Int(p[1]), Int(p[2]))
        }
        guard let picture else { throw Failure(description: "a \(width)×\(height) picture that cannot be made") }
        return picture
    }

    static func check(_ e: heif_error) throws(Failure) {
        guard e.code != heif_error_Ok else { return }
        throw Failure(description: "libheif: " + (e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)"))
    }
}
