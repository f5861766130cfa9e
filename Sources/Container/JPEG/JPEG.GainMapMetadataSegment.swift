extension JPEG {
    /// The APP2 segment ISO 21496-1 (Annex C, JPEG) puts in both images of a gain map JPEG:
    /// the identifier `urn:iso:std:iso:ts:21496:-1` and a NUL, then two 16-bit versions. In the
    /// primary image they are all there is (they say "a gain map follows"); in the gain map
    /// image the GainMapMetadata follows them (the layout `HEIF.GainMapMetadata` reads, as the
    /// `tmap` item carries it after its own version byte).
    package struct GainMapMetadataSegment: Sendable, Equatable {
        /// The identifier the payload starts with, NUL included.
        package static let identifier: [UInt8] = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0]

        package let minimumVersion: UInt16
        package let writerVersion: UInt16
        /// nil in a primary's version-only segment, or when `minimumVersion` is one this reader
        /// does not know (Annex C.2: the layout after it may differ).
        package let metadata: HEIF.GainMapMetadata?
        /// Where the segment starts (its marker), and its path.
        package let offset: Int
        package let path: String

        /// The segment among `image`'s, read from `bytes`; nil when the image has none.
        package init?(in image: Image, bytes: [UInt8]) throws(ParseError) {
            let id = Self.identifier
            guard let s = image.segments.first(where: { s in
                s.marker == .app2 && s.payload.count >= id.count && s.payload.upperBound <= bytes.count
                    && bytes[s.payload.lowerBound..<(s.payload.lowerBound + id.count)].elementsEqual(id)
            }) else { return nil }
            var r = try ByteReader(bytes, range: (s.payload.lowerBound + id.count)..<s.payload.upperBound, path: s.path + "/ISO21496")
            minimumVersion = try r.readU16()
            writerVersion = try r.readU16()
            metadata = minimumVersion == 0 && !r.isAtEnd ? try HEIF.GainMapMetadata(parsing: &r) : nil
            offset = s.offset
            path = s.path
        }

        /// Whether the segment holds only the versions: the primary's signal that a gain map
        /// image follows.
        package var isVersionOnly: Bool { metadata == nil && minimumVersion == 0 }
    }
}
