extension HEIF {
    /// One box of `ipco`: its 1-based index, type, absolute range and parsed value.
    public struct PropertyBox: Sendable, Equatable {
        /// 1-based position in `ipco`, as `ipma` counts (ISO/IEC 23008-12 §9.3.3).
        public let index: Int
        public let type: FourCC
        /// Absolute range of the whole property box.
        public let range: Range<Int>
        public let value: ItemProperty
    }
}
