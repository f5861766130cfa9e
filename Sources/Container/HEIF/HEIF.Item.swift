extension HEIF {
    /// One item of the file, from its `infe`, with its properties resolved from `ipma`/`ipco`.
    /// ISO/IEC 14496-12 §8.11.6; ISO/IEC 23008-12 §6.4, §9.3.
    public struct Item: Sendable, Equatable {
        public let id: UInt32
        public let type: FourCC
        public let name: String
        public let isHidden: Bool
        public let protectionIndex: UInt16
        /// `mime` items: the MIME type, e.g. `application/rdf+xml` for XMP.
        public let contentType: String?
        public let contentEncoding: String?
        /// `uri ` items: the URI naming the item's format.
        public let uriType: String?
        /// Properties in `ipma` order, which is the order transforms apply in
        /// (ISO/IEC 23008-12 §6.5.1): a run of the graph's one list of them (`SubList`).
        public let properties: SubList<AssociatedProperty>
        /// Absolute offset of the `infe` box.
        public let infeOffset: Int

        /// Whether the type is an image item type (coded or derived).
        @inlinable public var isImage: Bool { BMFF.BoxType.isImageItemType(type) }
    }
}
