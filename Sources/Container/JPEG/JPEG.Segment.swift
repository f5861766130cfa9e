extension JPEG {
    /// One marker segment (or standalone marker) of a JPEG image, located in the file.
    ///
    /// ITU-T T.81 B.1.1.4: a marker segment is the marker, a 2-byte big-endian length that
    /// counts itself but not the marker, and `length - 2` payload bytes. Standalone markers
    /// (SOI, EOI) have no length and an empty payload.
    public struct Segment: Sendable, Equatable {
        public let marker: Marker
        /// Absolute offset of the `FF` that starts the marker (after any fill bytes).
        public let offset: Int
        /// The length field's value; 0 for standalone markers.
        public let length: Int
        /// Absolute range of the payload (after the length field). Not copied.
        public let payload: Range<Int>
        /// 1-based position among the image's segments with the same marker (the `2` of `APP1#2`).
        public let ordinal: Int
        /// Structural path, e.g. `APP1#2` or `MPImage[2]/APP2#1`.
        public let path: String

        public init(marker: Marker, offset: Int, length: Int, payload: Range<Int>, ordinal: Int, path: String) {
            self.marker = marker
            self.offset = offset
            self.length = length
            self.payload = payload
            self.ordinal = ordinal
            self.path = path
        }

        /// One past the segment's last byte.
        public var end: Int { payload.upperBound }
    }
}
