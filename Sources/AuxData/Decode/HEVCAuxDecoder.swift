import CHeifLazy
import Container

/// Decodes a HEVC aux item (`hvc1`, or a `grid` of `hvc1` tiles) with libheif's decoder,
/// through a minimal HEIF holding only that item (`AuxItemFile`), so the primary is never
/// decoded and graphs libheif 1.15 refuses do not matter. libheif decodes the whole picture;
/// its rows are then handed out in bands. 9–16-bit samples (`pixi`) come as 16-bit values.
enum HEVCAuxDecoder {
    static let bandRows = 64

    static func decode<S: AuxRowSink>(item id: UInt32, of file: HEIF.File, bytes: UnsafeBufferPointer<UInt8>,
                                      declared: (width: Int, height: Int)?, colour: Bool = false, limits: ParseLimits,
                                      at location: SourceLocation, into sink: inout S) throws(AuxDecodeError) {
        // ISO/IEC 23008-12 §6.5.3: ispe is the size of the reconstructed image; it is checked
        // against the limit before libheif allocates anything for it.
        guard let declared else {
            throw AuxDecodeError(.undecodable, "item \(id) has no ispe: its size is unknown", at: location)
        }
        let pixels = (declared.width *? declared.height) ?? Int.max
        guard pixels <= limits.maxPixels else {
            throw AuxDecodeError(.overLimit, "\(declared.width)×\(declared.height) is over the pixel limit of \(limits.maxPixels)",
                                 at: location)
        }
        let mini = try AuxItemFile(item: id, of: file, byteCount: bytes.count, limits: limits, at: location)
        let heif = mini.bytes(from: bytes)

        guard let ctx = heif_context_alloc() else { throw AuxDecodeError(.undecodable, LibheifAvailability.noContext, at: location) }
        defer { heif_context_free(ctx) }
        try heif.withUnsafeBufferPointer { raw throws(AuxDecodeError) in
            func check(_ e: heif_error) throws(AuxDecodeError) {
                guard e.code != heif_error_Ok else { return }
                let message = e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)"
                throw AuxDecodeError(.undecodable, "libheif: \(message)", at: location)
            }
            try check(heif_context_read_from_memory_without_copy(ctx, raw.baseAddress, raw.count, nil))
            var handle: OpaquePointer?
            try check(heif_context_get_primary_image_handle(ctx, &handle))
            guard let h = handle else { throw AuxDecodeError(.undecodable, "libheif found no image", at: location) }
            defer { heif_image_handle_release(h) }
            var image: OpaquePointer?
            // The native colourspace: the luma plane is the aux picture (monochrome or not); a
            // colour gain map as planar red, green and blue (ISO 21496-1 applies it per channel).
            try check(colour ? heif_decode_image(h, &image, heif_colorspace_RGB, heif_chroma_444, nil)
                             : heif_decode_image(h, &image, heif_colorspace_undefined, heif_chroma_undefined, nil))
            guard let img = image else { throw AuxDecodeError(.undecodable, "libheif decoded nothing", at: location) }
            defer { heif_image_release(img) }
            if colour {
                try deliverColour(img, declared: declared, codec: file.item(id).map { Codec(itemType: $0.type) } ?? .item("hvc1"), at: location, into: &sink)
                return
            }
            // libheif 1.15 assembles a grid of monochrome tiles as planar RGB with R = G = B = Y;
            // the R plane is then the luma, once G and B are seen to equal it.
            let gray = heif_image_get_width(img, heif_channel_Y) <= 0 && heif_image_get_width(img, heif_channel_R) > 0
            let channel = gray ? heif_channel_R : heif_channel_Y
            let (width, height) = try shownSize(img, channel, declared: declared, at: location)
            let bits = Int(heif_image_get_bits_per_pixel_range(img, channel))
            var stride: Int32 = 0
            guard (1...16).contains(bits), let plane = heif_image_get_plane_readonly(img, channel, &stride), stride > 0 else {
                throw AuxDecodeError(.undecodable, "libheif gave no luma plane", at: location)
            }
            let codec = file.item(id).map { Codec(itemType: $0.type) } ?? .item("hvc1")
            if gray, !planesEqual(img, plane, stride: Int(stride), rowBytes: width * (bits > 8 ? 2 : 1), height: height) {
                // A picture coded as red, green and blue (matrix_coefficients 0) that is not a
                // colour gain map: its luma, through libheif's conversion to YCbCr.
                var luma: OpaquePointer?
                try check(heif_decode_image(h, &luma, heif_colorspace_YCbCr, heif_chroma_444, nil))
                guard let y = luma else { throw AuxDecodeError(.undecodable, "libheif decoded nothing", at: location) }
                defer { heif_image_release(y) }
                var s: Int32 = 0
                guard Int(heif_image_get_width(y, heif_channel_Y)) >= width, Int(heif_image_get_height(y, heif_channel_Y)) >= height,
                      Int(heif_image_get_bits_per_pixel_range(y, heif_channel_Y)) == bits,
                      let p = heif_image_get_plane_readonly(y, heif_channel_Y, &s), Int(s) >= width * (bits > 8 ? 2 : 1) else {
                    throw AuxDecodeError(.undecodable, "libheif gave no luma plane", at: location)
                }
                try sink.start(StoredLayout(width: width, height: height, bitDepth: bits, codec: codec))
                try deliver(p, stride: Int(s), width: width, height: height, wide: bits > 8, into: &sink)
                return
            }
            try sink.start(StoredLayout(width: width, height: height, bitDepth: bits, codec: codec))
            try deliver(plane, stride: Int(stride), width: width, height: height, wide: bits > 8, into: &sink)
        }
    }

    /// A planar RGB picture handed out as bands of interleaved red, green and blue samples.
    static func deliverColour<S: AuxRowSink>(_ img: OpaquePointer, declared: (width: Int, height: Int), codec: Codec,
                                             at location: SourceLocation, into sink: inout S) throws(AuxDecodeError) {
        let (width, height) = try shownSize(img, heif_channel_R, declared: declared, at: location)
        let bits = Int(heif_image_get_bits_per_pixel_range(img, heif_channel_R))
        var planes: [(UnsafePointer<UInt8>, Int)] = []
        for c in [heif_channel_R, heif_channel_G, heif_channel_B] {
            var stride: Int32 = 0
            guard Int(heif_image_get_width(img, c)) >= width, Int(heif_image_get_height(img, c)) >= height,
                  let p = heif_image_get_plane_readonly(img, c, &stride), Int(stride) >= width * (bits > 8 ? 2 : 1) else {
                throw AuxDecodeError(.undecodable, "libheif gave no full-size red, green and blue planes", at: location)
            }
            planes.append((p, Int(stride)))
        }
        guard (1...16).contains(bits) else { throw AuxDecodeError(.undecodable, "libheif gave \(bits)-bit samples", at: location) }
        try sink.start(StoredLayout(width: width, height: height, bitDepth: bits, codec: codec, channels: 3))
        let rows = min(bandRows, max(1, height))
        var band = [UInt16](repeating: 0, count: bits > 8 ? width * rows * 3 : 0)
        var narrow = [UInt8](repeating: 0, count: bits > 8 ? 0 : width * rows * 3)
        var y = 0
        while y < height {
            let n = min(rows, height - y)
            for r in 0..<n {
                for (c, (plane, stride)) in planes.enumerated() {
                    // safe: each plane has `height` rows of `stride` bytes, checked above.
                    let src = UnsafeRawPointer(plane + (y + r) * stride)
                    if bits > 8 {
                        for x in 0..<width { band[(r * width + x) * 3 + c] = src.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self) }
                    } else {
                        for x in 0..<width { narrow[(r * width + x) * 3 + c] = src.load(fromByteOffset: x, as: UInt8.self) }
                    }
                }
            }
            let count = n * width * 3
            if bits > 8 {
                try band.withUnsafeBufferPointer { b throws(AuxDecodeError) in
                    try sink.consume(StoredRows(width: width, firstRow: y, rowCount: n,
                                                samples: .u16(UnsafeBufferPointer(rebasing: b[0..<count])), channels: 3))
                }
            } else {
                try narrow.withUnsafeBufferPointer { b throws(AuxDecodeError) in
                    try sink.consume(StoredRows(width: width, firstRow: y, rowCount: n,
                                                samples: .u8(UnsafeBufferPointer(rebasing: b[0..<count])), channels: 3))
                }
            }
            y += n
        }
    }

    /// The size `channel` of `img` is handed out at: ispe's (`cropped`), or why it cannot be.
    static func shownSize(_ img: OpaquePointer, _ channel: heif_channel, declared: (width: Int, height: Int),
                          at location: SourceLocation) throws(AuxDecodeError) -> (Int, Int) {
        let w = Int(heif_image_get_width(img, channel)), h = Int(heif_image_get_height(img, channel))
        guard let size = cropped(w, h, to: declared) else {
            throw AuxDecodeError(.sizeMismatch, "decoded \(w)×\(h), ispe declares \(declared.width)×\(declared.height)", at: location)
        }
        return size
    }

    /// The size handed out for a decoded picture: ispe's. A picture coded larger in both
    /// directions (padded to whole coding blocks, as cameras code thumbnails) is cropped to its
    /// top left ispe-sized part, as readers show it (ISO/IEC 23008-12 §6.5.3.1: ispe is the
    /// size of the image); a smaller one has no such part: nil.
    static func cropped(_ width: Int, _ height: Int, to declared: (width: Int, height: Int)) -> (Int, Int)? {
        declared.width > 0 && declared.height > 0 && width >= declared.width && height >= declared.height
            ? (declared.width, declared.height) : nil
    }

    /// Whether the G and B planes of `img` hold the same bytes as `r`, row by row.
    static func planesEqual(_ img: OpaquePointer, _ r: UnsafePointer<UInt8>, stride: Int, rowBytes: Int, height: Int) -> Bool {
        for c in [heif_channel_G, heif_channel_B] {
            var s: Int32 = 0
            guard let p = heif_image_get_plane_readonly(img, c, &s), Int(s) >= rowBytes else { return false }
            for y in 0..<height where memcmpBytes(r + y * stride, p + y * Int(s), rowBytes) == false { return false }
        }
        return true
    }

    static func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        UnsafeBufferPointer(start: a, count: n).elementsEqual(UnsafeBufferPointer(start: b, count: n))
    }

    /// Hands out the plane in bands of packed rows.
    static func deliver<S: AuxRowSink>(_ plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, wide: Bool,
                                       into sink: inout S) throws(AuxDecodeError) {
        let rows = min(bandRows, max(1, height))
        if wide {
            var band = [UInt16](repeating: 0, count: width * rows)
            var y = 0
            while y < height {
                let n = min(rows, height - y)
                try band.withUnsafeMutableBufferPointer { b throws(AuxDecodeError) in
                    for r in 0..<n {
                        // safe: libheif's plane has `height` rows of `stride` bytes, 2 bytes a sample.
                        let src = UnsafeRawPointer(plane + (y + r) * stride)
                        for x in 0..<width { b[r * width + x] = src.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self) }
                    }
                    try sink.consume(StoredRows(width: width, firstRow: y, rowCount: n,
                                                samples: .u16(UnsafeBufferPointer(rebasing: b[0..<(n * width)]))))
                }
                y += n
            }
        } else {
            var band = [UInt8](repeating: 0, count: width * rows)
            var y = 0
            while y < height {
                let n = min(rows, height - y)
                try band.withUnsafeMutableBufferPointer { b throws(AuxDecodeError) in
                    for r in 0..<n {
                        // safe: each plane row holds at least `width` bytes.
                        let dst = UnsafeMutableBufferPointer(rebasing: b[(r * width)..<((r + 1) * width)])
                        _ = dst.initialize(from: UnsafeBufferPointer(start: plane + (y + r) * stride, count: width))
                    }
                    try sink.consume(StoredRows(width: width, firstRow: y, rowCount: n,
                                                samples: .u8(UnsafeBufferPointer(rebasing: b[0..<(n * width)]))))
                }
                y += n
            }
        }
    }
}
