extension JPEG {
    /// One image of a multi-picture file, as its MP entry declares it and as it was found.
    ///
    /// CIPA DC-007 §5.2.3.3: images are located by offset from the primary's MPF TIFF header;
    /// the declared size is checked against the actual SOI-to-EOI length, never trusted.
    public struct MPImage: Sendable {
        /// The MP entry (its `number` is 1-based; 1 is the primary).
        public let entry: MPF.Entry
        /// Absolute offset of the image's SOI; nil when the entry's offset does not reach one.
        public let start: Int?
        /// The parsed image; for entry 1 the primary. Nil when it could not be read.
        public let image: Image?
        /// One past the image's EOI: for the primary, where the next image starts; for the others
        /// the scanned EOI. Nil when unknown.
        public let end: Int?

        public init(entry: MPF.Entry, start: Int?, image: Image?, end: Int?) {
            self.entry = entry
            self.start = start
            self.image = image
            self.end = end
        }

        /// `end - start`, when both are known.
        public var actualSize: Int? {
            guard let s = start, let e = end else { return nil }
            return e - s
        }
    }
}
