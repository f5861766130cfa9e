/// An XMP property value as reports show it: text, or the items of an rdf:Seq/Bag/Alt.
package enum MetadataValue: Sendable, Equatable {
    case text(String)
    case list([String])
}
