extension HEIF {
    /// One item of the file, from its `infe`, with its properties resolved from `ipma`/`ipco`.
    /// ISO/IEC 14496-12 §8.11.6; ISO/IEC 23008-12 §6.4, §9.3.
    package struct Item: Sendable, Equatable {
        package let id: UInt32
        package let type: FourCC
        package let name: String
        package let isHidden: Bool
        package let protectionIndex: UInt16
        /// `mime` items: the MIME type, e.g. `application/rdf+xml` for XMP.
        package let contentType: String?
        package let contentEncoding: String?
        /// `uri ` items: the URI naming the item's format.
        package let uriType: String?
        /// Properties in `ipma` order, which is the order transforms apply in
        /// (ISO/IEC 23008-12 §6.5.1): a run of the graph's one list of them (`SubList`).
        package let properties: SubList<AssociatedProperty>
        /// Absolute offset of the `infe` box.
        package let infeOffset: Int

        /// Whether the type is an image item type (coded or derived).
        @inlinable package var isImage: Bool { BMFF.BoxType.isImageItemType(type) }
    }
}
