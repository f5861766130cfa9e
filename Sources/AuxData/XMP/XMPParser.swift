#if canImport(CLibXML2)
import CLibXML2
#else
import CLibXML2Darwin
#endif
import Container

/// Turns packet bytes into `XMPDescription`s: libxml2 reads the XML and reports its elements
/// through SAX2 callbacks into an `XMPElementTree`, which is then walked by the RDF rules XMP
/// uses (Adobe XMP Specification Part 1 §7.4–§7.9).
struct XMPParser {
    let offset: Int
    let path: String
    let limits: ParseLimits

    /// libxml2 must be initialised once per process before parsers run on several threads
    /// (libxml2 `xmlInitParser` documentation); a static let runs this exactly once.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parser options. Not set, on purpose: XML_PARSE_NOENT (entity substitution),
    /// XML_PARSE_DTDLOAD/DTDATTR (external DTDs), XML_PARSE_HUGE (lifts libxml2's size guards).
    private static var options: Int32 {
        Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
              | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
    }

    func parse(_ input: ArraySlice<UInt8>) throws(ParseError) -> [XMPDescription] {
        _ = Self.initialized
        // Packets carry whitespace padding for in-place editing (Part 1 §7.3, the packet
        // wrapper), and some writers end the APP1 segment or HEIF item with NULs. Trailing
        // whitespace and NULs are dropped; the start is left alone so offsets stay exact.
        var bytes = input
        while let last = bytes.last, last == 0 || last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 {
            bytes.removeLast()
        }
        // The packet trailer (Part 1 §7.3.2, `<?xpacket end="w"?>`) carries no data. One cut off
        // before its `?>` (a segment a byte or two shorter than what was written) leaves the
        // serialized XMP before it whole, which is what is parsed, as other XMP readers do.
        let tail = bytes.suffix(64)
        if let t = Self.find(Array("<?xpacket end".utf8), in: tail), Self.find(Array("?>".utf8), in: tail[(tail.startIndex + t)...]) == nil {
            bytes = bytes[..<(tail.startIndex + t)]
        }
        if bytes.isEmpty {
            throw ParseError(.xmpNotWellFormed, at: offset, path: path, "empty XMP packet")
        }
        guard let size = Int32(exactly: bytes.count) else {
            throw ParseError(.xmpTooLarge, at: offset, path: path, "XMP packet of \(bytes.count) bytes")
        }
        guard let context = XMLParserContexts.shared.lease() else {
            throw ParseError(.limitExceeded, at: offset, path: path, "libxml2 could not allocate a parser")
        }
        let ctxt = context.pointer
        // Kept for the next packet only when this one parsed to the end without an error.
        var parsedCleanly = false
        defer { XMLParserContexts.shared.giveBack(context, reusable: parsedCleanly) }
        let tree = XMPElementTree(packetSize: bytes.count, names: context.names)
        Self.install(tree, on: ctxt)
        defer { withExtendedLifetime(tree) {} }
        // The document node libxml2 makes (it holds no elements: they go to `tree`).
        let doc: xmlDocPtr? = bytes.withUnsafeBytes { raw -> xmlDocPtr? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return xmlCtxtReadMemory(ctxt, base, size, nil, nil, Self.options)
        }
        defer { if let doc { xmlFreeDoc(doc) } }
        if tree.tooManyElements {
            throw ParseError(.limitExceeded, at: offset, path: path,
                             "more than \(XMPElementTree.maxElements) elements in an XMP packet")
        }
        // xmlStopParser leaves errNo = XML_ERR_USER_STOP; the DOCTYPE refusal must not look
        // like an ordinary syntax error.
        if ctxt.pointee.errNo == Int32(XML_ERR_USER_STOP.rawValue) || (doc.map { $0.pointee.intSubset != nil } ?? false) {
            let at = Self.find(Array("<!DOCTYPE".utf8), in: bytes) ?? 0
            throw ParseError(.xmpDoctypeForbidden, at: (offset +? at) ?? offset, path: path,
                             "a DOCTYPE declaration is not allowed in an XMP packet")
        }
        if doc == nil || ctxt.pointee.wellFormed == 0 || ctxt.pointee.nsWellFormed == 0 {
            throw error(ctxt, bytes, first: tree)
        }
        parsedCleanly = ctxt.pointee.errNo == 0 && ctxt.pointee.disableSAX == 0
        guard let root = tree.root else {
            throw ParseError(.xmpNotWellFormed, at: offset, path: path, "no root element")
        }
        guard let rdf = findRDF(root, depth: 0, tree) else {
            throw ParseError(.xmpNoRDF, at: offset, path: path, "no rdf:RDF element")
        }
        let positions = XMPSourcePositions(bytes: bytes, tree: tree)
        var out: [XMPDescription] = []
        for child in tree.children(of: rdf) where isRDF(child, "Description", tree) {
            let about = attribute(child, XMPNamespace.rdf, "about", tree) ?? ""
            out.append(XMPDescription(about: about, properties: try fields(of: child, depth: 1, positions)))
        }
        return out
    }

    /// The callbacks that record the packet into `tree` (kept in the context's `_private`,
    /// which must outlive the parse) in place of libxml2's tree builder.
    private static func install(_ tree: XMPElementTree, on ctxt: xmlParserCtxtPtr) {
        ctxt.pointee._private = Unmanaged.passUnretained(tree).toOpaque()
        guard let sax = ctxt.pointee.sax else { return }
        // A document type declaration stops the parser at once, before the internal subset with
        // its entity declarations is read: no billion-laughs expansion, no external fetch.
        sax.pointee.internalSubset = { ctx, _, _, _ in
            guard let ctx else { return }
            xmlStopParser(ctx.assumingMemoryBound(to: xmlParserCtxt.self))
        }
        // libxml2 keeps only the last error; the structured-error callback gets the context as
        // user data and records the first one.
        sax.pointee.serror = { userData, e in
            guard let userData, let e, let tree = XMPParser.recording(userData) else { return }
            guard tree.message == nil, e.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            tree.message = e.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
            tree.line = Int(e.pointee.line)
            tree.column = Int(e.pointee.int2)
        }
        sax.pointee.startElementNs = { ctx, local, prefix, uri, _, _, nAttributes, _, attributes in
            guard let ctx, let tree = XMPParser.recording(ctx) else { return }
            // Consumed input so far: the start tag up to its `>` or `/>`.
            let c = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
            let end = Int(xmlByteConsumed(c))
            if !tree.startElement(local: local, prefix: prefix, uri: uri, attributeCount: Int(nAttributes),
                                  attributeFields: attributes, startTagEnd: end) {
                xmlStopParser(c)
            }
        }
        sax.pointee.endElementNs = { ctx, _, _, _ in
            guard let ctx, let tree = XMPParser.recording(ctx) else { return }
            tree.endElement()
        }
        // Text, whitespace between elements and (with XML_PARSE_NOCDATA) CDATA sections.
        sax.pointee.characters = { ctx, bytes, count in
            guard let ctx, let tree = XMPParser.recording(ctx) else { return }
            tree.characters(bytes, count: Int(count))
        }
        sax.pointee.ignorableWhitespace = sax.pointee.characters
        // Comments and processing instructions (the packet wrapper's `<?xpacket?>`) carry no
        // properties and are not recorded.
        sax.pointee.comment = nil
        sax.pointee.processingInstruction = nil
    }

    /// The tree a callback records into, from the parser context it is handed.
    private static func recording(_ ctx: UnsafeMutableRawPointer) -> XMPElementTree? {
        guard let p = ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<XMPElementTree>.fromOpaque(p).takeUnretainedValue()
    }

    // MARK: Errors

    /// The libxml2 error as a ParseError at the offending byte: libxml2 reports a 1-based line
    /// and column, turned back into a byte offset in the packet (the column counts bytes for
    /// ASCII markup, which is where XML syntax errors sit).
    private func error(_ ctxt: xmlParserCtxtPtr, _ bytes: ArraySlice<UInt8>, first: XMPElementTree) -> ParseError {
        var message = "not well-formed XML"
        var line = 0
        var column = 0
        if let m = first.message {
            message = m
            while message.last == "\n" { message.removeLast() }
            line = first.line
            column = first.column
        } else if let e = xmlCtxtGetLastError(ctxt) {
            if let m = e.pointee.message {
                message = String(cString: m)
                while message.last == "\n" { message.removeLast() }
            }
            line = Int(e.pointee.line)
            column = Int(e.pointee.int2)
        }
        let rel = Self.byteOffset(line: line, column: column, in: bytes)
        let at = (offset +? rel) ?? offset
        return ParseError(.xmpNotWellFormed, at: at, path: path, "\(message) (line \(line), column \(column))")
    }

    /// Index of the first occurrence of `needle` in `bytes`, relative to the slice start.
    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        let base = bytes.startIndex
        for i in 0...(bytes.count - needle.count) where bytes[base + i] == needle[0] {
            if bytes[(base + i)..<(base + i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// Offset of a 1-based line and column in `bytes`, clamped to the packet.
    static func byteOffset(line: Int, column: Int, in bytes: ArraySlice<UInt8>) -> Int {
        guard line >= 1 else { return 0 }
        var current = 1
        var lineStart = 0
        var i = 0
        for b in bytes {
            if current == line { break }
            i += 1
            if b == 0x0A { current += 1; lineStart = i }
        }
        if current < line { return bytes.count }
        let col = max(column, 1) - 1
        return min(lineStart + col, bytes.count)
    }

    // MARK: Tree walking

    private func findRDF(_ element: Int, depth: Int, _ tree: XMPElementTree) -> Int? {
        if isRDF(element, "RDF", tree) { return element }
        // The packet is `x:xmpmeta` → `rdf:RDF`, or `rdf:RDF` alone; deeper nesting is not XMP.
        if depth >= 2 { return nil }
        for child in tree.children(of: element) {
            if let r = findRDF(child, depth: depth + 1, tree) { return r }
        }
        return nil
    }

    private func isRDF(_ element: Int, _ local: String, _ tree: XMPElementTree) -> Bool {
        let e = tree.elements[element]
        return tree.name(e.namespace).sameText(XMPNamespace.rdf) && tree.name(e.local) == local
    }

    private func attribute(_ element: Int, _ uri: String, _ local: String, _ tree: XMPElementTree) -> String? {
        for i in tree.elements[element].attributes {
            let a = tree.attributes[i]
            if tree.name(a.namespace).sameText(uri), tree.name(a.local) == local { return tree.text(a.value) }
        }
        return nil
    }

    /// Attributes that are RDF syntax or XML qualifiers, not properties (Part 1 §7.4, §7.8).
    private func isSyntaxAttribute(_ uri: String, _ local: String) -> Bool {
        if uri.sameText(XMPNamespace.xml) { return true }
        if uri.sameText(XMPNamespace.rdf) {
            switch local {
            case "about", "ID", "nodeID", "parseType", "resource", "datatype", "bagID": return true
            default: return false
            }
        }
        // Unqualified attributes are not RDF properties (RDF/XML §2.2 deprecates them).
        return uri.isEmpty
    }

    /// Fields of an `rdf:Description` or a property element used as a struct: the property
    /// attributes (Part 1 §7.9.2.3 shorthand) then the child property elements.
    private func fields(of element: Int, depth: Int, _ positions: XMPSourcePositions) throws(ParseError) -> [XMPProperty] {
        try limits.check(depth, limits.maxNesting, "XMP nesting depth", at: offset, path: path)
        let tree = positions.tree
        var out: [XMPProperty] = []
        let attributes = tree.elements[element].attributes
        let names = attributes.isEmpty ? [] : positions.attributeNames(of: element)
        for i in attributes {
            let a = tree.attributes[i]
            let uri = tree.name(a.namespace), local = tree.name(a.local)
            if !isSyntaxAttribute(uri, local) {
                let prefix = tree.name(a.prefix)
                let at = positions.offset(ofAttribute: prefix, local, among: names)
                out.append(XMPProperty(namespace: uri, prefix: prefix, name: local, value: .text(tree.text(a.value)),
                                       offset: at.flatMap { offset +? $0 }))
            }
        }
        for child in tree.children(of: element) {
            let e = tree.elements[child]
            let at = positions.element(child)
            let (v, qualifiers) = Self.qualified(try value(of: child, depth: depth + 1, positions))
            out.append(XMPProperty(namespace: tree.name(e.namespace), prefix: tree.name(e.prefix), name: tree.name(e.local),
                                   value: v, offset: at.flatMap { offset +? $0 }, qualifiers: qualifiers))
        }
        return out
    }

    /// A value and its qualifiers: a struct with an `rdf:value` field is a qualified value
    /// (Part 1 §7.8, ISO 16684-1 §7.9.2.5), whose value is that field's and whose other fields
    /// (`rdf:type`, `xml:lang`, any other) are its qualifiers; any other value has none.
    static func qualified(_ v: XMPValue) -> (XMPValue, [XMPProperty]) {
        guard case .structure(let fields) = v,
              let inner = fields.first(where: { $0.namespace.sameText(XMPNamespace.rdf) && $0.name == "value" }) else { return (v, []) }
        return (inner.value, fields.filter { !($0.namespace.sameText(XMPNamespace.rdf) && $0.name == "value") })
    }

    /// The value of a property element or an `rdf:li` (Part 1 §7.5–§7.9).
    private func value(of element: Int, depth: Int, _ positions: XMPSourcePositions) throws(ParseError) -> XMPValue {
        try limits.check(depth, limits.maxNesting, "XMP nesting depth", at: offset, path: path)
        let tree = positions.tree
        if attribute(element, XMPNamespace.rdf, "parseType", tree) == "Resource" {
            return .structure(try fields(of: element, depth: depth, positions))
        }
        if let resource = attribute(element, XMPNamespace.rdf, "resource", tree) {
            return .text(resource)
        }
        let e = tree.elements[element]
        if e.firstChild >= 0 {
            let first = e.firstChild
            if tree.name(tree.elements[first].namespace).sameText(XMPNamespace.rdf),
               let kind = XMPArrayKind(rawValue: tree.name(tree.elements[first].local)) {
                var items: [XMPValue] = []
                for li in tree.children(of: first) where isRDF(li, "li", tree) {
                    // An item may be a qualified value too; the item keeps its value.
                    items.append(Self.qualified(try value(of: li, depth: depth + 1, positions)).0)
                }
                return .array(kind, items)
            }
            if isRDF(first, "Description", tree) {
                return .structure(try fields(of: first, depth: depth + 1, positions))
            }
            // Child property elements without rdf:parseType: treat as a structure too, the way
            // lenient readers (exiftool) do, rather than dropping the fields.
            return .structure(try fields(of: element, depth: depth, positions))
        }
        // An empty element whose property attributes are the struct's fields (§7.9.2.3).
        let attrFields = try fields(of: element, depth: depth, positions)
        if !attrFields.isEmpty { return .structure(attrFields) }
        return .text(tree.text(e.text))
    }
}
