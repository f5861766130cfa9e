extension DynamicDepthDescription {
    /// One `Container:Item`: a payload appended after the primary image's EOI
    /// (Dynamic Depth 1.0 §Container; `item.cc` requires Length > Padding for non-primary items).
    package struct Item: Sendable, Equatable {
        /// `Item:Mime`, `image/jpeg` for every item Android writes.
        package var mime: String?
        /// `Item:Length` in bytes, padding included; may be 0 for the primary item.
        package var length: Int?
        package var padding: Int?
        /// `Item:DataURI`: how cameras refer to the item (e.g. `android/depthmap`).
        package var dataURI: String?
        /// `Item:Semantic`, written by some encoders although Dynamic Depth names it in GContainer.
        package var semantic: String?

        init(fields: [XMPProperty], problems: inout [String]) {
            var r = XMPFieldReader(namespace: DynamicDepthDescription.item, fields: fields)
            mime = r.text(Name.itemMime.local)
            length = r.int(Name.itemLength.local)
            padding = r.int("Padding")
            dataURI = r.text(Name.itemDataURI.local)
            semantic = r.text("Semantic")
            problems += r.problems
        }
    }
}
