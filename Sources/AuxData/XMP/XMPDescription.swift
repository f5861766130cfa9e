/// One `rdf:Description` of an XMP packet with its properties in document order.
///
/// Adobe XMP Specification Part 1 §7.4: the top-level `rdf:Description` elements of
/// `rdf:RDF` all describe the same resource (`rdf:about`, usually empty); a packet may split
/// its properties over several of them.
package struct XMPDescription: Sendable, Equatable {
    /// The `rdf:about` attribute, empty when absent.
    package var about: String
    package var properties: [XMPProperty]

    package init(about: String, properties: [XMPProperty]) {
        self.about = about
        self.properties = properties
    }
}
