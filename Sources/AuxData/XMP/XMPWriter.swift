/// Serializes XMP as depthcheck writes it (Adobe XMP Specification Part 1 §7): an `x:xmpmeta`
/// holding one `rdf:RDF`, whose `rdf:Description`s declare the namespaces they use, with simple
/// properties as attributes (§7.9.2.2) or as elements with text (§7.5), structures and arrays
/// as nested elements (§7.6, §7.7). Every name comes from an `XMPName` and every URI from
/// `XMPNamespace`; attribute values and text are escaped as XML 1.0 requires (§2.4: `&`
/// and `<` always, `"` inside a double-quoted attribute), so a value cannot end its markup.
package enum XMPWriter {
    /// An element: its qualified name, attributes in the order written, and either children
    /// or text. With neither, it is written empty (`<a/>`).
    package struct Element: Sendable, Equatable {
        package var name: String
        package var attributes: [(name: String, value: String)]
        package var children: [Element]
        package var text: String?

        package init(_ name: String, attributes: [(name: String, value: String)] = [], children: [Element] = [],
                     text: String? = nil) {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.text = text
        }

        /// The element of property `name`, with `attributes` (each a property of its own
        /// name) and `children`.
        package init(_ name: XMPName, _ attributes: [(XMPName, String)] = [], children: [Element] = []) {
            self.init(name.qualified, attributes: attributes.map { ($0.0.qualified, $0.1) }, children: children)
        }

        /// A simple property written as an element with its value as text.
        package static func property(_ name: XMPName, _ value: String) -> Element {
            Element(name.qualified, text: value)
        }

        /// An ordered array (`rdf:Seq`, §7.7) of `items`, each an `rdf:li` holding its elements.
        package static func sequence(_ name: XMPName, _ items: [[Element]]) -> Element {
            Element(name.qualified, children: [Element("rdf:Seq", children: items.map { Element("rdf:li", children: $0) })])
        }

        /// An ordered array (`rdf:Seq`, §7.7) of simple values, each an `rdf:li` with its text.
        package static func sequence(_ name: XMPName, texts: [String]) -> Element {
            Element(name.qualified, children: [Element("rdf:Seq", children: texts.map { Element("rdf:li", text: $0) })])
        }

        package static func == (a: Element, b: Element) -> Bool {
            a.name == b.name && a.attributes.map(\.name) == b.attributes.map(\.name)
                && a.attributes.map(\.value) == b.attributes.map(\.value) && a.children == b.children && a.text == b.text
        }

        func write(to out: inout String) {
            out += "<" + name
            for (n, v) in attributes { out += " " + n + "=\"" + XMPWriter.escaped(v, quote: true) + "\"" }
            if children.isEmpty && text == nil {
                out += "/>"
                return
            }
            out += ">"
            if let text { out += XMPWriter.escaped(text, quote: false) }
            for c in children { c.write(to: &out) }
            out += "</" + name + ">"
        }
    }

    /// An `rdf:Description` about the resource (`rdf:about=""`), declaring the namespace of
    /// each of `prefixes`, then carrying `attributes` and `children`.
    package static func description(declaring prefixes: [(prefix: String, namespace: String)],
                                    _ attributes: [(XMPName, String)], children: [Element] = []) -> Element {
        var all: [(name: String, value: String)] = [("rdf:about", "")]
        all += prefixes.map { ("xmlns:" + $0.prefix, $0.namespace) }
        all += attributes.map { ($0.0.qualified, $0.1) }
        return Element("rdf:Description", attributes: all, children: children)
    }

    /// The namespaces of `names`, each once, in the order first named.
    package static func namespaces(of names: [XMPName]) -> [(prefix: String, namespace: String)] {
        var seen: Set<String> = []
        var out: [(prefix: String, namespace: String)] = []
        for n in names where seen.insert(n.prefix).inserted { out.append((n.prefix, n.namespace)) }
        return out
    }

    /// The `x:xmpmeta` element around `descriptions` (§7.3.3), naming depthcheck as the
    /// toolkit.
    package static func packet(_ descriptions: [Element]) -> String {
        packet(serialized: descriptions.map(serialized))
    }

    /// The `x:xmpmeta` element around descriptions already serialized.
    package static func packet(serialized descriptions: [String]) -> String {
        "<x:xmpmeta xmlns:x=\"" + XMPNamespace.xmpMeta + "\" x:xmptk=\"depthcheck\">"
            + "<rdf:RDF xmlns:rdf=\"" + XMPNamespace.rdf + "\">" + descriptions.joined() + "</rdf:RDF></x:xmpmeta>"
    }

    /// `element` alone, serialized.
    package static func serialized(_ element: Element) -> String {
        var out = ""
        element.write(to: &out)
        return out
    }

    /// `text` with the characters that would end or open markup replaced by references:
    /// `&`, `<` and `>` always, and in an attribute value `"` and the tab, line feed and
    /// carriage return that a reader would otherwise turn into spaces (XML 1.0 §3.3.3,
    /// attribute-value normalization).
    package static func escaped(_ text: String, quote: Bool) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || (quote && ($0 == UInt8(ascii: "\"") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D)) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quote: out += "&quot;"
            case "\t" where quote: out += "&#x9;"
            case "\n" where quote: out += "&#xA;"
            case "\r" where quote: out += "&#xD;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
