import Container

/// A parsed XMP packet: every `rdf:Description` with its properties, in document order.
///
/// Adobe XMP Specification Part 1 §7 (RDF serialization). The packet is parsed with libxml2
/// with network access, DTD loading and entity substitution off; a packet that declares a
/// DOCTYPE is refused before its internal subset is read, so no entity is ever expanded.
package struct XMPDocument: Sendable, Equatable {
    package var descriptions: [XMPDescription]
    /// Absolute file offset of the first byte of the packet.
    package var offset: Int
    /// Where the packet came from, for messages: `APP1#2/XMP`, `meta/item[27]:XMP`.
    package var path: String

    package init(descriptions: [XMPDescription], offset: Int = 0, path: String = "") {
        self.descriptions = descriptions
        self.offset = offset
        self.path = path
    }

    /// Parses a packet. `offset` is the absolute offset of `bytes.first` in the file.
    package init(parsing bytes: [UInt8], at offset: Int, path: String,
                limits: ParseLimits = .default) throws(ParseError) {
        try self.init(parsing: bytes[...], at: offset, path: path, limits: limits)
    }

    /// Parses a packet. `offset` is the absolute offset of `bytes.first` in the file.
    package init(parsing bytes: ArraySlice<UInt8>, at offset: Int, path: String,
                limits: ParseLimits = .default) throws(ParseError) {
        if bytes.count > limits.maxXMPBytes {
            throw ParseError(.xmpTooLarge, at: offset, path: path,
                             "XMP packet of \(bytes.count) bytes exceeds the limit of \(limits.maxXMPBytes)")
        }
        let parser = XMPParser(offset: offset, path: path, limits: limits)
        self.descriptions = try parser.parse(bytes)
        self.offset = offset
        self.path = path
    }

    /// All top-level properties of all descriptions, in document order.
    package var properties: [XMPProperty] {
        // Most packets hold one description, whose list is handed out as it is (not copied).
        descriptions.count == 1 ? descriptions[0].properties : descriptions.flatMap(\.properties)
    }

    /// The first top-level property with this namespace URI and local name.
    package func property(_ namespace: String, _ name: String) -> XMPProperty? {
        for d in descriptions {
            for p in d.properties where p.namespace.sameText(namespace) && p.name.sameText(name) { return p }
        }
        return nil
    }

    /// The top-level properties in one namespace, in document order.
    package func properties(in namespace: String) -> [XMPProperty] {
        properties.filter { $0.namespace.sameText(namespace) }
    }

    /// Does any top-level property use this namespace?
    package func uses(_ namespace: String) -> Bool {
        descriptions.contains { $0.properties.contains { $0.namespace.sameText(namespace) } }
    }

    /// Every leaf as `prefix:name` (with a path for structure fields and `[i]` for array
    /// items, 1-based) → text, in document order. See `XMPMetadataEntry`.
    package var metadata: [XMPMetadataEntry] {
        var out: [XMPMetadataEntry] = []
        for p in properties { Self.flatten(p.value, key: p.qualifiedName, namespace: p.namespace, into: &out) }
        return out
    }

    /// The document with each property's offset passed through `map` (none when `map` gives
    /// nil): for a packet reassembled from pieces, whose positions are no single run of bytes.
    package func remappingOffsets(_ map: (Int) -> Int?) -> XMPDocument {
        var copy = self
        copy.descriptions = descriptions.map { d in
            XMPDescription(about: d.about, properties: d.properties.map { Self.remap($0, map) })
        }
        return copy
    }

    private static func remap(_ p: XMPProperty, _ map: (Int) -> Int?) -> XMPProperty {
        var q = p
        q.offset = p.offset.flatMap(map)
        switch p.value {
        case .text: break
        case .array(let kind, let items): q.value = .array(kind, items.map { remap($0, map) })
        case .structure(let fields): q.value = .structure(fields.map { remap($0, map) })
        }
        return q
    }

    private static func remap(_ v: XMPValue, _ map: (Int) -> Int?) -> XMPValue {
        switch v {
        case .text: return v
        case .array(let kind, let items): return .array(kind, items.map { remap($0, map) })
        case .structure(let fields): return .structure(fields.map { remap($0, map) })
        }
    }

    private static func flatten(_ v: XMPValue, key: String, namespace: String, into out: inout [XMPMetadataEntry]) {
        switch v {
        case .text(let s):
            out.append(XMPMetadataEntry(key: key, namespace: namespace, value: s))
        case .array(_, let items):
            for (i, item) in items.enumerated() {
                flatten(item, key: key + "[\(i + 1)]", namespace: namespace, into: &out)
            }
        case .structure(let fields):
            for f in fields { flatten(f.value, key: key + "/" + f.qualifiedName, namespace: f.namespace, into: &out) }
        }
    }
}

extension XMPDocument {
    /// `xmpNote:HasExtendedXMP`: the GUID (32 upper-case hex digits, the MD5 of the extended
    /// packet) that names the Extended XMP chunks (Adobe XMP Specification Part 3 §1.1.3.1).
    package var extendedXMPGUID: String? {
        property(XMPNamespace.xmpNote, "HasExtendedXMP")?.value.text
    }
}
