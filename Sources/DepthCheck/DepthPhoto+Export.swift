import DepthCheckCore
import Foundation
import Validator

extension DepthPhoto {
    /// The aux image written as a map file, as `depthcheck extract` writes it: PFM, npy, PNG
    /// or raw (``MapFileFormat``), with stored samples or values in the unit asked for
    /// (``MapNumbers``), turned into the display frame on request. For raw, the JSON
    /// description of its side file comes too.
    public func exported(_ aux: AuxImage, _ request: MapExporter.Request) throws -> (data: Data, rawDescription: String?) {
        guard let a = model.auxImages.first(where: { $0.index == aux.index }) else {
            throw DepthCheckError.noSuchAuxImage(message: "the photo has no aux image \(aux.index)")
        }
        let output = MapMemoryOutput()
        let description = try MapExporter(photo: model, bytes: bytes, limits: limits).export(a, request, to: output)
        return (Data(output.bytes), description)
    }

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
