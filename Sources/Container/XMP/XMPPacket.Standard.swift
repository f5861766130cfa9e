extension XMPPacket {
    /// The StandardXMP packet of a JPEG: an APP1 segment whose payload is
    /// `http://ns.adobe.com/xap/1.0/\0` followed by the packet.
    ///
    /// Adobe XMP Specification Part 3 §1.1.3 (JPEG), Table 2.
    package struct Standard: Sendable, Equatable {
        /// The 29-byte namespace header, NUL included.
        package static let identifier: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

        /// Absolute range of the packet bytes (after the header) in the file. Not copied.
        package let packet: Range<Int>
        package let path: String

        package init(parsing r: inout ByteReader) throws(ParseError) {
            path = r.path
            try r.skip(Standard.identifier.count)
            packet = r.position..<r.end
            _ = r.readRest()
        }
    }
}
