import Validator

extension DepthPhoto {
    /// The photo's card as one self-contained HTML page, as `depthcheck check --format html`
    /// draws it: the photo, every aux image drawn over the same frame with its statistics and
    /// dictionary, and the findings; with `pixels`, the pixel rules judge the same decode.
    public func htmlReport(pixels: Bool = false) -> String {
        let options = CheckOptions(limits: limits, pixels: pixels)
        let report = ReportVisuals.checked(bytes: bytes, path: name, options: options, maxSide: ReportVisuals.maxSide(files: 1))
        var writer = BatchWriter(format: .html, toolVersion: DepthCheckLibrary.version,
                                 catalog: Validation.catalog.map(\.info), paths: [name])
        return writer.begin() + writer.add(report) + writer.end()
    }
}
