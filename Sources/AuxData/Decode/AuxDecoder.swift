import Container

/// Decodes the aux images of a photo back to their stored samples, row by row into a caller's
/// sink: JPEG MPF images, JPEG GDepth payloads and Dynamic Depth items with libjpeg-turbo, PNG
/// payloads and items with libpng,
/// HEVC items and grids with libheif. The primary is never decoded. Every declared size is
/// checked against `ParseLimits.maxPixels` before anything is allocated for it.
///
/// ```swift
/// let decoder = AuxDecoder(photo: photo, bytes: bytes)
/// var image = StoredImageCollector()
/// try decoder.decode(photo.auxImages[0], into: &image)
/// ```
package struct AuxDecoder: Sendable {
    package let photo: ParsedPhoto
    /// The file's bytes; those of the aux images decoded must be present (a `PartialRead`
    /// holds the MPF images of a JPEG but not the coded items of a HEIF).
    package let bytes: [UInt8]
    package let limits: ParseLimits
    /// Stops every decode between bands of rows once set; nil: never stopped.
    package let cancellation: Cancellation?

    package init(photo: ParsedPhoto, bytes: [UInt8], limits: ParseLimits = .default, cancellation: Cancellation? = nil) {
        self.photo = photo
        // The same bytes the reader read: a low-overhead file with its expansion.
        self.bytes = photo.container == .heif ? HEIF.MinimizedImage.expanding(bytes) : bytes
        self.limits = limits
        self.cancellation = cancellation
    }

    /// Decodes `aux` into `sink`: `start` with the decoded layout, then bands of rows.
    package func decode<S: AuxRowSink>(_ aux: ParsedAuxImage, into sink: inout S) throws(AuxDecodeError) {
        guard let cancellation else { return try decodeRows(aux, into: &sink) }
        var watched = CancellingSink(inner: sink, cancellation: cancellation, location: aux.location)
        try watched.check()
        defer { sink = watched.inner }
        try decodeRows(aux, into: &watched)
    }

    func decodeRows<S: AuxRowSink>(_ aux: ParsedAuxImage, into sink: inout S) throws(AuxDecodeError) {
        let at = aux.location
        if let w = aux.coded.width, let h = aux.coded.height {
            let pixels = (w *? h) ?? Int.max
            guard pixels <= limits.maxPixels else {
                throw AuxDecodeError(.overLimit, "\(w)×\(h) is over the pixel limit of \(limits.maxPixels)", at: at)
            }
        }
        switch photo.structure {
        case .jpeg:
            if aux.isGDepth {
                guard let data = photo.gdepth?.data, !data.isEmpty else {
                    throw AuxDecodeError(.noData, "GDepth:Data holds no image", at: at)
                }
                try data.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                    try decodeEmbedded(p, codec: aux.coded.codec, at: at, into: &sink)
                }
                return
            }
            if let x = aux.xdmDepthMap {
                guard let data = x.data, !data.isEmpty else { throw AuxDecodeError(.noData, "DepthMap:Data holds no image", at: at) }
                try data.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                    try decodeEmbedded(p, codec: aux.coded.codec, at: at, into: &sink)
                }
                return
            }
            guard let r = aux.coded.dataRange, r.upperBound <= bytes.count, !r.isEmpty else {
                throw AuxDecodeError(.noData, "the \(aux.isDynamicDepth ? "Dynamic Depth item" : "MP image") has no coded data in the file", at: at)
            }
            if let s = aux.samsungDepth, s.bareSamples, let w = aux.coded.width, let h = aux.coded.height, w *? h == r.count {
                // Samsung's SEF depth block: 8-bit samples, row by row.
                try sink.start(StoredLayout(width: w, height: h, bitDepth: 8, codec: aux.coded.codec))
                try bytes.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                    try sink.consume(StoredRows(width: w, firstRow: 0, rowCount: h, samples: .u8(UnsafeBufferPointer(rebasing: p[r]))))
                }
                return
            }
            if aux.isDynamicDepth || aux.samsungDepth != nil || aux.leia != nil {
                // Dynamic Depth 1.0 §Item: a JPEG or a PNG, whatever Item:Mime says.
                try bytes.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                    try decodeEmbedded(UnsafeBufferPointer(rebasing: p[r]), codec: aux.coded.codec, at: at, into: &sink)
                }
                return
            }
            try bytes.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                try JPEGAuxDecoder.decode(UnsafeBufferPointer(rebasing: p[r]), maxPixels: limits.maxPixels,
                                          colour: aux.decodesInColour, at: at, into: &sink)
            }
        case .heif(let file):
            let declared = aux.coded.width.flatMap { w in aux.coded.height.map { (width: w, height: $0) } }
            try bytes.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                try HEVCAuxDecoder.decode(item: UInt32(clamping: aux.index), of: file, bytes: p, declared: declared,
                                          colour: aux.decodesInColour, limits: limits, at: at, into: &sink)
            }
        case .imageSequence:
            // A sequence holds no aux image.
            throw AuxDecodeError(.noData, "an image sequence holds no aux images", at: at)
        }
    }

    /// A PNG or JPEG carried whole in metadata (GDepth:Data) or in a Dynamic Depth item,
    /// ISO/IEC 15948 or ITU-T T.81 by its signature.
    func decodeEmbedded<S: AuxRowSink>(_ data: UnsafeBufferPointer<UInt8>, codec: Codec, at: SourceLocation,
                                       into sink: inout S) throws(AuxDecodeError) {
        if data.count >= 8, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            try PNGAuxDecoder.decode(data, maxPixels: limits.maxPixels, at: at, into: &sink)
        } else if data.count >= 2, data[0] == 0xFF, data[1] == 0xD8 {
            try JPEGAuxDecoder.decode(data, maxPixels: limits.maxPixels, at: at, into: &sink)
        } else {
            throw AuxDecodeError(.undecodable, "the embedded \(codec) image is neither a PNG nor a JPEG", at: at)
        }
    }

    /// The coded data of `aux` as a file of its own: the JPEG of an MP image or Dynamic Depth
    /// item, the PNG or JPEG of a GDepth or XDM map, or for a HEIF item a HEIF (AVIF for AV1)
    /// holding that item alone with its decoder configuration and size.
    package func codedFile(_ aux: ParsedAuxImage) throws(AuxDecodeError) -> [UInt8] {
        let at = aux.location
        switch photo.structure {
        case .jpeg:
            if aux.isGDepth {
                guard let data = photo.gdepth?.data, !data.isEmpty else { throw AuxDecodeError(.noData, "GDepth:Data holds no image", at: at) }
                return data
            }
            if let x = aux.xdmDepthMap {
                guard let data = x.data, !data.isEmpty else { throw AuxDecodeError(.noData, "DepthMap:Data holds no image", at: at) }
                return data
            }
            guard let r = aux.coded.dataRange, r.upperBound <= bytes.count, !r.isEmpty else {
                throw AuxDecodeError(.noData, "the image has no coded data in the file", at: at)
            }
            return Array(bytes[r])
        case .heif(let file):
            let mini = try AuxItemFile(item: UInt32(clamping: aux.index), of: file, byteCount: bytes.count, limits: limits, at: at)
            return bytes.withUnsafeBufferPointer { mini.bytes(from: $0) }
        case .imageSequence:
            throw AuxDecodeError(.noData, "an image sequence holds no aux images", at: at)
        }
    }

    /// The whole stored image of `aux`, for callers that need every sample at once (an
    /// orientation, a test). Its size was checked against the pixel limit first.
    package func storedImage(_ aux: ParsedAuxImage) throws(AuxDecodeError) -> StoredImage {
        var c = StoredImageCollector(maxPixels: limits.maxPixels, location: aux.location)
        try decode(aux, into: &c)
        guard let image = c.image else { throw AuxDecodeError(.undecodable, "the decoder delivered no image", at: aux.location) }
        return image
    }
}
