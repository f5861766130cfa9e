import DepthCheckCore
import Foundation

extension DepthPhoto {
    /// The aux image written as a map file, as `depthcheck extract` writes it: PFM, npy, PNG
    /// or raw (``MapFileFormat``), with stored samples or values in the unit asked for
    /// (``MapNumbers``), turned into the display frame on request. For raw, the JSON
    /// description of its side file comes too.
    public func exported(_ aux: AuxImage, _ request: MapExporter.Request) throws(MapExportError) -> (data: Data, rawDescription: String?) {
        let output = MapMemoryOutput()
        let description = try MapExporter(photo: self).export(aux, request, to: output)
        return (Data(output.bytes), description)
    }
}
