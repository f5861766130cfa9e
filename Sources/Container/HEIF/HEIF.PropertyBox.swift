extension HEIF {
    /// One box of `ipco`: its 1-based index, type, absolute range and parsed value.
    package struct PropertyBox: Sendable, Equatable {
        /// 1-based position in `ipco`, as `ipma` counts (ISO/IEC 23008-12 §9.3.3).
        package let index: Int
        package let type: FourCC
        /// Absolute range of the whole property box.
        package let range: Range<Int>
        package let value: ItemProperty
    }
}
