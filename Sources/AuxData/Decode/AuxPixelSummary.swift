import Container

/// One aux image decoded once, for what `info` shows and what the pixel rules judge: how
/// often each stored sample occurs, the value mapping and the statistics; or why it does
/// not decode. The image itself is not kept.
package struct AuxPixelSummary: Sendable {
    package struct Decoded: Sendable {
        package let layout: StoredLayout
        package let counts: SampleCounts
        package let mapping: ValueMapping
        package let statistics: AuxStatistics
        /// The image's first channel at a working size, in its stored frame, for content
        /// alignment (`ContentAlignment`); nil when it was not kept.
        package let preview: AlignmentGrid?
    }

    /// The aux image's index (`ParsedAuxImage.index`).
    package let index: Int
    package let result: Result<Decoded, AuxDecodeError>

    package init(index: Int, result: Result<Decoded, AuxDecodeError>) {
        self.index = index
        self.result = result
    }

    /// Decodes `aux` with `decoder`.
    package static func of(_ aux: ParsedAuxImage, decoder: AuxDecoder) -> AuxPixelSummary {
        var both = SummaryAndPreview(counts: SampleCounts(), preview: AlignmentPreview())
        do throws(AuxDecodeError) {
            try decoder.decode(aux, into: &both)
        } catch {
            return AuxPixelSummary(index: aux.index, result: .failure(error))
        }
        return summarising(aux, both.counts, preview: both.preview.grid, decoder: decoder)
    }

    /// Decodes `aux` with `decoder` once, for the summary and for a caller that draws the
    /// image (the HTML report): the image too, nil when it does not decode.
    package static func keeping(_ aux: ParsedAuxImage, decoder: AuxDecoder) -> (summary: AuxPixelSummary, image: StoredImage?) {
        var both = SummaryAndImage(counts: SampleCounts(), preview: AlignmentPreview(),
                                   image: StoredImageCollector(maxPixels: decoder.limits.maxPixels, location: aux.location))
        do throws(AuxDecodeError) {
            try decoder.decode(aux, into: &both)
        } catch {
            return (AuxPixelSummary(index: aux.index, result: .failure(error)), nil)
        }
        let summary = summarising(aux, both.counts, preview: both.preview.grid, decoder: decoder)
        return (summary, summary.decoded == nil ? nil : both.image.image)
    }

    static func summarising(_ aux: ParsedAuxImage, _ counts: SampleCounts, preview: AlignmentGrid?,
                            decoder: AuxDecoder) -> AuxPixelSummary {
        guard let layout = counts.layout else {
            return AuxPixelSummary(index: aux.index, result: .failure(AuxDecodeError(.undecodable, "no rows decoded", at: aux.location)))
        }
        let mapping = ValueMapping.of(aux, in: decoder.photo, bitDepth: layout.bitDepth)
        return AuxPixelSummary(index: aux.index, result: .success(Decoded(
            layout: layout, counts: counts, mapping: mapping, statistics: AuxStatistics(counts: counts, mapping: mapping),
            preview: preview)))
    }

    /// Every aux image of the decoder's photo, in order.
    package static func all(_ decoder: AuxDecoder) -> [AuxPixelSummary] {
        decoder.photo.auxImages.map { of($0, decoder: decoder) }
    }

    package var decoded: Decoded? { if case .success(let d) = result { return d } else { return nil } }
    package var error: AuxDecodeError? { if case .failure(let e) = result { return e } else { return nil } }
}

/// One decode feeding three sinks: the sample counts, the alignment preview and the whole image.
struct SummaryAndImage: AuxRowSink {
    var counts: SampleCounts
    var preview: AlignmentPreview
    var image: StoredImageCollector

    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        try counts.start(layout)
        try preview.start(layout)
        try image.start(layout)
    }

    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        try counts.consume(rows)
        try preview.consume(rows)
        try image.consume(rows)
    }
}

/// One decode feeding the sample counts and the alignment preview.
struct SummaryAndPreview: AuxRowSink {
    var counts: SampleCounts
    var preview: AlignmentPreview

    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        try counts.start(layout)
        try preview.start(layout)
    }

    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        try counts.consume(rows)
        try preview.consume(rows)
    }
}
