/// The three RDF containers XMP uses for arrays (Adobe XMP Specification Part 1 §7.7):
/// ordered (`rdf:Seq`), unordered (`rdf:Bag`) and alternatives (`rdf:Alt`).
package enum XMPArrayKind: String, Sendable, Equatable {
    case seq = "Seq"
    case bag = "Bag"
    case alt = "Alt"
}
