extension HEIF {
    /// An item a writer adds to a HEIF file: its `infe` fields, its data (stored in a new
    /// `mdat`, located by `iloc` construction method 0), the properties `ipma` gives it, and
    /// the references it is the `from` of (ISO/IEC 23008-12 §6.4-§6.6, §9.3).
    package struct NewItem: Sendable {
        /// A property of the new item: one already in `ipco` (shared, as Apple shares the
        /// primary's `irot` with its aux items), or a new box to append to `ipco`.
        package enum Property: Sendable {
            case existing(index: Int, essential: Bool)
            case new(box: [UInt8], essential: Bool)
        }

        package var type: FourCC
        package var name: String
        /// For `mime` items (ISO/IEC 23008-12 Annex A: XMP is `application/rdf+xml`).
        package var contentType: String?
        /// infe flags bit 0: not meant to be displayed on its own (ISO/IEC 23008-12 §6.4).
        package var hidden: Bool
        package var data: [UInt8]
        package var properties: [Property]
        /// References from this item: `auxl` to its master, `cdsc` to the item it describes.
        package var references: [(type: FourCC, to: [UInt32])]

        package init(type: FourCC, name: String = "", contentType: String? = nil, hidden: Bool = true, data: [UInt8],
                    properties: [Property] = [], references: [(type: FourCC, to: [UInt32])] = []) {
            self.type = type
            self.name = name
            self.contentType = contentType
            self.hidden = hidden
            self.data = data
            self.properties = properties
            self.references = references
        }
    }
}
