extension XMPPacket {
    /// One APP1 segment of ExtendedXMP.
    ///
    /// Adobe XMP Specification Part 3 §1.1.3.1:
    /// ```
    /// "http://ns.adobe.com/xmp/extension/\0"   35 bytes
    /// GUID          32 ASCII hex digits: the MD5 of the full ExtendedXMP serialization
    /// full length   u32 BE, the size of the whole ExtendedXMP packet
    /// offset        u32 BE, where this chunk's bytes go in it
    /// chunk         the rest of the segment
    /// ```
    package struct ExtendedChunk: Sendable, Equatable {
        package static let identifier: [UInt8] = Array("http://ns.adobe.com/xmp/extension/\0".utf8)

        /// The GUID as written (32 ASCII characters, expected uppercase hex).
        package let guid: String
        package let fullLength: UInt32
        package let chunkOffset: UInt32
        /// Absolute range of the chunk's bytes. Not copied.
        package let data: Range<Int>
        /// Absolute offsets of the GUID, full-length and offset fields, for error reports.
        package let guidFieldOffset: Int
        package var fullLengthFieldOffset: Int { guidFieldOffset + 32 }
        package var offsetFieldOffset: Int { guidFieldOffset + 36 }
        package let path: String

        package init(parsing r: inout ByteReader) throws(ParseError) {
            path = r.path
            let start = r.position
            guard r.remaining >= ExtendedChunk.identifier.count + 40 else {
                throw ParseError(.extendedXMPHeaderTruncated, at: start, path: r.path,
                                 "\(r.remaining) bytes, the header needs \(ExtendedChunk.identifier.count + 40)")
            }
            try r.skip(ExtendedChunk.identifier.count)
            guidFieldOffset = r.position
            guid = String(decoding: try r.readBytes(32), as: UTF8.self)
            fullLength = try r.readU32()
            chunkOffset = try r.readU32()
            data = r.position..<r.end
            _ = r.readRest()
        }
    }
}
