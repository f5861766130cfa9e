extension JPEG.MultiPictureFile {
    /// `image` (SOI to EOI) without the marker segments before its first SOS that `drop`
    /// chooses (given the segment and its payload's bytes); every other byte is copied as it
    /// is. ITU-T T.81 B.1.1.4: each segment is a marker and a length that counts itself, so
    /// segments leave whole and the rest stays parseable.
    package static func removingSegments(from image: [UInt8], path: String = "",
                                        where drop: (JPEG.Segment, ArraySlice<UInt8>) -> Bool) throws(ParseError) -> [UInt8] {
        let header = try JPEG.Image(parsingHeadersOf: image, at: 0, pathPrefix: path)
        var out: [UInt8] = []
        out.reserveCapacity(image.count)
        var copied = 0
        for s in header.segments.dropFirst() {
            if s.marker == .sos || s.marker == .eoi { break }
            guard s.offset >= copied, s.end <= image.count else { continue }
            if drop(s, image[s.payload]) {
                out += image[copied..<s.offset]
                copied = s.end
            }
        }
        return out + image[copied...]
    }
}
