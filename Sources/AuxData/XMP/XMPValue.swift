/// The value of one XMP property, in the three forms of the XMP data model.
///
/// Adobe XMP Specification Part 1 §6.2: a property value is simple (text), an array
/// (`rdf:Seq`, `rdf:Bag`, `rdf:Alt` of `rdf:li` items) or a structure (named fields, written
/// as `rdf:parseType="Resource"` or a nested `rdf:Description`, §7.6 and §7.7).
package enum XMPValue: Sendable, Equatable {
    case text(String)
    case array(XMPArrayKind, [XMPValue])
    case structure([XMPProperty])

    /// The text of a simple value, nil for arrays and structures.
    package var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The items of an array, nil for text and structures.
    package var items: [XMPValue]? {
        if case .array(_, let v) = self { return v }
        return nil
    }

    /// The fields of a structure, nil for text and arrays.
    package var fields: [XMPProperty]? {
        if case .structure(let f) = self { return f }
        return nil
    }

    /// The first field of a structure with this namespace and local name.
    package func field(_ namespace: String, _ name: String) -> XMPProperty? {
        fields?.first { $0.namespace.sameText(namespace) && $0.name.sameText(name) }
    }
}
