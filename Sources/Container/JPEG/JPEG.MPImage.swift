extension JPEG {
    /// One image of a multi-picture file, as its MP entry declares it and as it was found.
    ///
    /// CIPA DC-007 §5.2.3.3: images are located by offset from the primary's MPF TIFF header.
    /// These are the facts the bytes give; whether the entry's size, offset and the layout of
    /// the images agree with them is judged by the validator, not here.
    package struct MPImage: Sendable {
        /// The MP entry (its `number` is 1-based; 1 is the primary). Its `size` is the declared
        /// size (§5.2.3.3.2), its `imageOffset` the declared offset (§5.2.3.3.3).
        package let entry: MPF.Entry
        /// Absolute offset of the image's SOI; nil when the entry's offset does not reach one.
        package let start: Int?
        /// The parsed image; for entry 1 the primary. Nil when it could not be read.
        package let image: Image?
        /// One past the image's EOI: for the primary, where the next image starts; for the others
        /// the scanned EOI. Nil when unknown.
        package let end: Int?
        /// The number of an earlier entry whose offset reaches the same SOI; this entry then
        /// shares that entry's image and was not read again.
        package let sameStartAs: Int?
        /// Whether the two bytes before `start` are an EOI marker (`FF D9`), i.e. the bytes
        /// before this image end a JPEG stream. False when `start` is unknown.
        package let followsEOI: Bool

        package init(entry: MPF.Entry, start: Int?, image: Image?, end: Int?, sameStartAs: Int? = nil,
                    followsEOI: Bool = false) {
            self.entry = entry
            self.start = start
            self.image = image
            self.end = end
            self.sameStartAs = sameStartAs
            self.followsEOI = followsEOI
        }

        /// `end - start`, when both are known.
        package var actualSize: Int? {
            guard let s = start, let e = end else { return nil }
            return e -? s
        }
    }
}
