/// One XMP property as written in the packet: its namespace URI, the prefix the file used
/// for it, its local name and its value.
///
/// Adobe XMP Specification Part 1 §7.3: a property is an XML attribute or element whose
/// qualified name is the property name; only the namespace URI is significant, the prefix is
/// kept for messages and for the `prefix:name` keys of the JSON output.
package struct XMPProperty: Sendable, Equatable {
    package var namespace: String
    package var prefix: String
    package var name: String
    package var value: XMPValue
    /// Absolute file offset where the property is written: its element's `<`, or the first
    /// byte of its attribute's name. Nil when unknown (a property made in code, a packet
    /// libxml2 had to convert from another encoding).
    package var offset: Int?
    /// The qualifiers of a qualified value (Part 1 §6.3, §7.8: written as a struct whose
    /// `rdf:value` holds the value and whose other fields, `rdf:type`, `xml:lang` or any other,
    /// qualify it); empty for an unqualified one.
    package var qualifiers: [XMPProperty]

    package init(namespace: String, prefix: String, name: String, value: XMPValue, offset: Int? = nil,
                 qualifiers: [XMPProperty] = []) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
        self.value = value
        self.offset = offset
        self.qualifiers = qualifiers
    }

    /// `prefix:name`, the form exiftool and Apple's tools print. Made in one piece: every
    /// property a report lists is named so, and joining the parts (`prefix + ":" + name`)
    /// grew a new string twice.
    package var qualifiedName: String {
        guard !prefix.isEmpty else { return name }
        var p = prefix, n = name
        return p.withUTF8 { pb in
            n.withUTF8 { nb in
                String(unsafeUninitializedCapacity: pb.count + 1 + nb.count) { out in
                    var i = 0
                    for b in pb { out[i] = b; i += 1 }
                    out[i] = UInt8(ascii: ":")
                    i += 1
                    for b in nb { out[i] = b; i += 1 }
                    return i
                }
            }
        }
    }
}
