import Validator

extension BatchWriter {
    /// A writer for a batch of `paths` judged by the whole rule catalog.
    package init(format: Format, toolVersion: String, paths: [String]) {
        self.init(format: format, toolVersion: toolVersion, catalog: Validation.catalog.map(\.info), paths: paths)
    }

    /// The bytes ``add(_:prerendered:)`` will write for `r`, the `number`th file (from 0),
    /// made on any thread ahead of the write; nil for the formats whose text depends on the
    /// files before it (JSON, SARIF, JUnit).
    package static func prerendered(_ r: ValidationReport, number: Int, format: Format) -> [UInt8]? {
        prerendered(r.report, number: number, format: format)
    }

    /// Counts `r` and gives the bytes to write for it: `prerendered` when it was made by
    /// ``prerendered(_:number:format:)``, else made now. Files are added in input order.
    package mutating func add(_ r: ValidationReport, prerendered: [UInt8]?) -> [UInt8] {
        add(r.report, prerendered: prerendered)
    }
}
