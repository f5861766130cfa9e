extension JPEG {
    /// One marker segment (or standalone marker) of a JPEG image, located in the file.
    ///
    /// ITU-T T.81 B.1.1.4: a marker segment is the marker, a 2-byte big-endian length that
    /// counts itself but not the marker, and `length - 2` payload bytes. Standalone markers
    /// (SOI, EOI) have no length and an empty payload.
    package struct Segment: Sendable, Equatable {
        package let marker: Marker
        /// Absolute offset of the `FF` that starts the marker (after any fill bytes).
        package let offset: Int
        /// The length field's value; 0 for standalone markers.
        package let length: Int
        /// Absolute range of the payload (after the length field). Not copied.
        package let payload: Range<Int>
        /// 1-based position among the image's segments with the same marker (the `2` of `APP1#2`).
        package let ordinal: Int
        /// The image's path prefix: empty for the primary image, `MPImage[2]/` for another.
        package let pathPrefix: String

        package init(marker: Marker, offset: Int, length: Int, payload: Range<Int>, ordinal: Int, pathPrefix: String) {
            self.marker = marker
            self.offset = offset
            self.length = length
            self.payload = payload
            self.ordinal = ordinal
            self.pathPrefix = pathPrefix
        }

        /// Structural path, e.g. `APP1#2` or `MPImage[2]/APP2#1`: SOI and frame headers, one
        /// per image, without an ordinal. Made when asked for (a finding or a report), not for
        /// every segment read.
        package var path: String { Self.path(pathPrefix, marker, ordinal) }

        /// What of a segment a reader reads, named at the end of its path (`APP1#1/XMP`).
        package enum Part: UInt32, Sendable {
            case whole, exif, xmp, extendedXMP, mpf

            var suffix: String {
                switch self {
                case .whole: ""
                case .exif: "/Exif"
                case .xmp: "/XMP"
                case .extendedXMP: "/ExtendedXMP"
                case .mpf: "/MPF"
                }
            }
        }

        /// `path` and then `part`, as parts: made into text only if a reader reports something.
        package func label(_ part: Part = .whole) -> PathLabel {
            .segment(of: pathPrefix, marker, ordinal: ordinal, part)
        }

        static func path(_ prefix: String, _ marker: Marker, _ ordinal: Int) -> String {
            prefix + (marker == .soi || marker.isStartOfFrame ? "\(marker)" : "\(marker)#\(ordinal)")
        }

        /// One past the segment's last byte.
        package var end: Int { payload.upperBound }
    }
}
