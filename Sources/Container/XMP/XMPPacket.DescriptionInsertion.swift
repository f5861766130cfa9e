extension XMPPacket {
    /// Adds an `rdf:Description` to an XMP packet's serialization, copying every other byte as
    /// it was. Adobe XMP Specification Part 1 §7.4: an `rdf:RDF` element may hold several
    /// `rdf:Description` elements about the same resource, each with its own namespace
    /// declarations, and their properties together are the packet's.
    package enum DescriptionInsertion {
        /// `packet` with `description` (a whole `rdf:Description` element) placed right before
        /// the end tag of its `rdf:RDF` element. Throws `xmpMarkupUnreadable` when the packet
        /// has no `rdf:RDF` end tag.
        package static func inserting(_ description: [UInt8], into packet: [UInt8], path: String) throws(ParseError) -> [UInt8] {
            let markup = try Markup(packet, path: path)
            guard let end = markup.tokens.last(where: { $0.kind == .end && localName($0.name) == "RDF" }) else {
                throw ParseError(.xmpMarkupUnreadable, at: 0, path: path, "the packet has no </rdf:RDF> to add a description before")
            }
            return Array(packet[..<end.range.lowerBound]) + description + Array(packet[end.range.lowerBound...])
        }

        static func localName(_ qualified: String) -> Substring {
            qualified.split(separator: ":", maxSplits: 1).last ?? Substring(qualified)
        }
    }
}
