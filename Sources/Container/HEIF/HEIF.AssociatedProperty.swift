extension HEIF {
    /// An `ipma` association resolved to the `ipco` property it names.
    public struct AssociatedProperty: Sendable, Equatable {
        /// The essential bit: a reader that does not understand this property must not show the item
        /// (ISO/IEC 23008-12 §9.3.3; ISO/IEC 14496-12 §8.11.14).
        public let essential: Bool
        /// 1-based index into `ipco`.
        public let index: Int
        public let type: FourCC
        public let value: ItemProperty
        /// Absolute range of the property box.
        public let range: Range<Int>
        /// Absolute offset of the `ipma` association that names it.
        public let associationOffset: Int
    }
}
