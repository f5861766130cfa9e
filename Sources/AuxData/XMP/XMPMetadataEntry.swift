/// One leaf of an XMP packet for the JSON output: a `prefix:name` key with a path and a string.
///
/// Structures are flattened into their fields (`mwg-rs:Regions/mwg-rs:RegionList[1]/...`), so
/// every entry holds text. Arrays are kept as arrays: one entry per item, with the 1-based
/// index in brackets, as the XMP path syntax writes it (Adobe XMP Specification Part 1 §7.7;
/// XMP Toolkit `SXMPUtils::ComposeArrayItemPath`). Numbers stay as the text the file wrote.
/// Empty structures and empty arrays have no leaf and so no entry.
package struct XMPMetadataEntry: Sendable, Equatable {
    /// The path from the top-level property, e.g. `depthData:IntrinsicMatrix[3]`.
    package var key: String
    package var namespace: String
    package var value: String

    package init(key: String, namespace: String, value: String) {
        self.key = key
        self.namespace = namespace
        self.value = value
    }
}
