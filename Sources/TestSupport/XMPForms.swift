import AuxData

/// The serializations RDF/XML and XMP allow for the same data (Adobe XMP Specification Part 1
/// §7.4–§7.9, ISO 16684-1 §7.9, W3C RDF 1.1 XML Syntax §2): one writer per form, each writing
/// the whole of a packet's properties that way, so that a reader can be held to reading every
/// form as the same facts.
package enum XMPForm: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Simple properties and simple struct fields as XML attributes; a struct whose fields are
    /// all simple as property attributes on an empty property element (§7.9.2.3), others as
    /// `rdf:parseType="Resource"`; array items the same way.
    case attributes
    /// Every property and field as an element; structs as `rdf:parseType="Resource"`.
    case elements
    /// Structs as a nested `rdf:Description` holding their fields as elements (§7.6).
    case nestedDescriptions
    /// Every property, field and array item as a qualified value: a resource whose
    /// `rdf:value` holds the value and whose `rdf:type` qualifies it (§7.8), as Google Camera
    /// writes its Dynamic Depth items.
    case qualifiedValues
    /// Each top-level property in an `rdf:Description` of its own (§7.4: they all describe the
    /// same resource).
    case splitDescriptions

    package var description: String { rawValue }
}

package enum XMPForms {
    /// The packet holding `properties` written in `form`.
    package static func packet(_ properties: [XMPProperty], form: XMPForm) -> [UInt8] {
        var w = Writer(form: form)
        w.collectNamespaces(properties)
        var body = ""
        if form == .splitDescriptions {
            for p in properties { body += "<rdf:Description rdf:about=\"\"\(w.declarations)>" + w.element(p) + "</rdf:Description>" }
        } else {
            var attributes = "", elements = ""
            for p in properties {
                if form == .attributes, let t = p.value.text { attributes += " " + w.name(p) + "=\"" + escaped(t) + "\"" }
                else { elements += w.element(p) }
            }
            body = "<rdf:Description rdf:about=\"\"\(w.declarations)\(attributes)>" + elements + "</rdf:Description>"
        }
        let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + body + "</rdf:RDF></x:xmpmeta>"
        return Array(text.utf8)
    }

    /// `properties` with every offset and qualifier left out, in one list ordered by name (the
    /// properties of a resource have no order in RDF; an array's items do): the facts a form
    /// must not change.
    package static func facts(_ properties: [XMPProperty]) -> [XMPProperty] {
        properties.map { p in
            XMPProperty(namespace: p.namespace, prefix: "", name: p.name, value: facts(p.value))
        }.sorted { ($0.namespace, $0.name) < ($1.namespace, $1.name) }
    }

    static func facts(_ v: XMPValue) -> XMPValue {
        switch v {
        case .text: return v
        case .array(let k, let items): return .array(k, items.map(facts))
        case .structure(let fields): return .structure(facts(fields))
        }
    }

    static func escaped(_ s: String) -> String { XMPWriter.escaped(s, quote: true) }

    struct Writer {
        let form: XMPForm
        /// Namespace URI → the prefix written for it; a prefix two URIs share is renamed.
        var prefixes: [String: String] = [:]
        var order: [String] = []

        init(form: XMPForm) { self.form = form }

        mutating func collectNamespaces(_ properties: [XMPProperty]) {
            for p in properties {
                if prefixes[p.namespace] == nil {
                    var prefix = p.prefix.isEmpty ? "ns" : p.prefix
                    if prefix == "rdf" || prefix == "x" || prefix == "xml" || prefixes.values.contains(prefix) {
                        prefix = "ns\(order.count + 1)"
                    }
                    prefixes[p.namespace] = prefix
                    order.append(p.namespace)
                }
                switch p.value {
                case .structure(let f): collectNamespaces(f)
                case .array(_, let items): for i in items { collectItem(i) }
                case .text: break
                }
            }
        }

        mutating func collectItem(_ v: XMPValue) {
            switch v {
            case .structure(let f): collectNamespaces(f)
            case .array(_, let items): for i in items { collectItem(i) }
            case .text: break
            }
        }

        var declarations: String {
            order.map { " xmlns:\(prefixes[$0] ?? "ns")=\"\(escaped($0))\"" }.joined()
        }

        func name(_ p: XMPProperty) -> String { (prefixes[p.namespace] ?? "ns") + ":" + p.name }

        /// A property as an element (never as an attribute: the caller decides that).
        func element(_ p: XMPProperty) -> String {
            let n = name(p)
            return "<" + n + content(p.value, qualify: form == .qualifiedValues) + "</" + n + ">"
        }

        /// What follows an element's name: its attributes, `>`, its content (the caller
        /// closes it). An empty element with property attributes is written `…></n>`, the
        /// same as `…/>`.
        func content(_ v: XMPValue, qualify: Bool) -> String {
            if qualify, !isArray(v) {
                return " rdf:parseType=\"Resource\"><rdf:value" + content(v, qualify: false) + "</rdf:value>"
                    + "<rdf:type rdf:resource=\"http://ns.google.com/photos/dd/1.0/qualifier/\"/>"
            }
            switch v {
            case .text(let t):
                return ">" + escaped(t)
            case .array(let kind, let items):
                var s = "><rdf:" + kind.rawValue + ">"
                for i in items { s += "<rdf:li" + content(i, qualify: form == .qualifiedValues) + "</rdf:li>" }
                return s + "</rdf:" + kind.rawValue + ">"
            case .structure(let fields):
                switch form {
                case .attributes where !fields.isEmpty:
                    // An empty element with no property attribute is an empty literal: an empty
                    // struct is written as a resource below.
                    let simple = fields.filter { $0.value.text != nil }
                    let attributes = simple.map { " " + name($0) + "=\"" + escaped($0.value.text ?? "") + "\"" }.joined()
                    let rest = fields.filter { $0.value.text == nil }
                    if rest.isEmpty { return attributes + ">" }
                    return "><rdf:Description" + attributes + ">" + rest.map(element).joined() + "</rdf:Description>"
                case .nestedDescriptions:
                    return "><rdf:Description>" + fields.map(element).joined() + "</rdf:Description>"
                case .attributes, .elements, .qualifiedValues, .splitDescriptions:
                    return " rdf:parseType=\"Resource\">" + fields.map(element).joined()
                }
            }
        }

        func isArray(_ v: XMPValue) -> Bool { if case .array = v { return true } else { return false } }
    }
}
