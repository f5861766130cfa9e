import Foundation

// What the documentation's samples take as the reader's own: an export pipeline, and the
// resource bundle of the reader's test target (DocSamples.swift compiles them, never runs them).

/// The reader's export pipeline in ComparingAnExport.md: here, one that changes nothing.
struct MyExporter {
    func export(_ bytes: [UInt8]) throws -> [UInt8] { bytes }
}

extension Bundle {
    /// The reader's test resources; this target has none, so SwiftPM makes no `module` of its own.
    static var module: Bundle { .main }
}
