extension HEIF {
    /// An `ipma` association resolved to the `ipco` property it names.
    package struct AssociatedProperty: Sendable, Equatable {
        /// The essential bit: a reader that does not understand this property must not show the item
        /// (ISO/IEC 23008-12 §9.3.3; ISO/IEC 14496-12 §8.11.14).
        package let essential: Bool
        /// 1-based index into `ipco`.
        package let index: Int
        package let type: FourCC
        package let value: ItemProperty
        /// Absolute range of the property box.
        package let range: Range<Int>
        /// Absolute offset of the `ipma` association that names it.
        package let associationOffset: Int
    }
}
