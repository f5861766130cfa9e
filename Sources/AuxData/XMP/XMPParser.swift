import CLibXML2
import Container

/// Turns packet bytes into `XMPDescription`s with libxml2, then walks the tree by the RDF
/// rules XMP uses (Adobe XMP Specification Part 1 §7.4–§7.9).
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
        guard let ctxt = xmlNewParserCtxt() else {
            throw ParseError(.limitExceeded, at: offset, path: path, "libxml2 could not allocate a parser")
        }
        defer { xmlFreeParserCtxt(ctxt) }
        let first = ParseState()
        Self.install(first, on: ctxt)
        defer { withExtendedLifetime(first) {} }
        let doc: xmlDocPtr? = bytes.withUnsafeBytes { raw -> xmlDocPtr? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return xmlCtxtReadMemory(ctxt, base, size, nil, nil, Self.options)
        }
        defer { if let doc { xmlFreeDoc(doc) } }
        // xmlStopParser leaves errNo = XML_ERR_USER_STOP and may return a document without a
        // root; the DOCTYPE refusal must not look like an ordinary syntax error.
        if ctxt.pointee.errNo == Int32(XML_ERR_USER_STOP.rawValue) || (doc.map { $0.pointee.intSubset != nil } ?? false) {
            let at = Self.find(Array("<!DOCTYPE".utf8), in: bytes) ?? 0
            throw ParseError(.xmpDoctypeForbidden, at: (offset +? at) ?? offset, path: path,
                             "a DOCTYPE declaration is not allowed in an XMP packet")
        }
        if doc == nil || ctxt.pointee.wellFormed == 0 || ctxt.pointee.nsWellFormed == 0 {
            throw error(ctxt, bytes, first: first)
        }
        guard let doc, let root = xmlDocGetRootElement(doc) else {
            throw ParseError(.xmpNotWellFormed, at: offset, path: path, "no root element")
        }
        guard let rdf = findRDF(root, depth: 0) else {
            throw ParseError(.xmpNoRDF, at: offset, path: path, "no rdf:RDF element")
        }
        let positions = XMPSourcePositions(bytes: bytes, startTagEnds: first.startTagEnds)
        var out: [XMPDescription] = []
        for child in elements(of: rdf) where isRDF(child, "Description") {
            let about = attribute(child, XMPNamespace.rdf, "about") ?? ""
            out.append(XMPDescription(about: about, properties: try fields(of: child, depth: 1, positions)))
        }
        return out
    }

    /// The callbacks this parser adds to libxml2's: `state` (kept in the context's `_private`)
    /// must outlive the parse.
    private static func install(_ state: ParseState, on ctxt: xmlParserCtxtPtr) {
        // A document type declaration stops the parser at once, before the internal subset with
        // its entity declarations is read: no billion-laughs expansion, no external fetch.
        if let sax = ctxt.pointee.sax {
            sax.pointee.internalSubset = { ctx, _, _, _ in
                guard let ctx else { return }
                xmlStopParser(ctx.assumingMemoryBound(to: xmlParserCtxt.self))
            }
        }
        // libxml2 keeps only the last error, which for a mismatched tag is a consequence
        // ("premature end of data"); the first one names the cause. The structured-error
        // callback gets the context as user data and records the first error in `_private`.
        ctxt.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        if let sax = ctxt.pointee.sax {
            sax.pointee.serror = { userData, e in
                guard let userData, let e else { return }
                let c = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let p = c.pointee._private else { return }
                let box = Unmanaged<ParseState>.fromOpaque(p).takeUnretainedValue()
                guard box.message == nil, e.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                box.message = e.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
                box.line = Int(e.pointee.line)
                box.column = Int(e.pointee.int2)
            }
        }
        if let sax = ctxt.pointee.sax {
            // libxml2's own tree builder, then the position where the new node's start tag ends.
            sax.pointee.startElementNs = { ctx, local, prefix, uri, nNs, ns, nAttrs, nDefaulted, attrs in
                xmlSAX2StartElementNs(ctx, local, prefix, uri, nNs, ns, nAttrs, nDefaulted, attrs)
                guard let ctx else { return }
                let c = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let p = c.pointee._private, let node = c.pointee.node else { return }
                let box = Unmanaged<ParseState>.fromOpaque(p).takeUnretainedValue()
                box.startTagEnds[Int(bitPattern: UnsafeMutableRawPointer(node))] = Int(xmlByteConsumed(c))
            }
        }
    }

    // MARK: Errors

    /// The libxml2 error as a ParseError at the offending byte: libxml2 reports a 1-based line
    /// and column, turned back into a byte offset in the packet (the column counts bytes for
    /// ASCII markup, which is where XML syntax errors sit).
    private func error(_ ctxt: xmlParserCtxtPtr, _ bytes: ArraySlice<UInt8>, first: ParseState) -> ParseError {
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

    private func findRDF(_ node: xmlNodePtr, depth: Int) -> xmlNodePtr? {
        if isRDF(node, "RDF") { return node }
        // The packet is `x:xmpmeta` → `rdf:RDF`, or `rdf:RDF` alone; deeper nesting is not XMP.
        if depth >= 2 { return nil }
        for child in elements(of: node) {
            if let r = findRDF(child, depth: depth + 1) { return r }
        }
        return nil
    }

    private func elements(of node: xmlNodePtr) -> [xmlNodePtr] {
        var out: [xmlNodePtr] = []
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_ELEMENT_NODE { out.append(n) }
            c = n.pointee.next
        }
        return out
    }

    private func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private func namespace(_ ns: UnsafeMutablePointer<xmlNs>?) -> (uri: String, prefix: String) {
        guard let ns else { return ("", "") }
        return (ns.pointee.href.map { String(cString: $0) } ?? "", ns.pointee.prefix.map { String(cString: $0) } ?? "")
    }

    private func isRDF(_ node: xmlNodePtr, _ local: String) -> Bool {
        namespace(node.pointee.ns).uri == XMPNamespace.rdf && name(node) == local
    }

    /// The text directly inside a node: its text and CDATA children. Entity reference nodes
    /// are never followed (they cannot occur: DOCTYPEs are refused).
    private func text(of node: xmlNodePtr) -> String {
        var s = ""
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_TEXT_NODE || n.pointee.type == XML_CDATA_SECTION_NODE, let t = n.pointee.content {
                s += String(cString: t)
            }
            c = n.pointee.next
        }
        return s
    }

    private func attributeValue(_ a: UnsafeMutablePointer<xmlAttr>) -> String {
        var s = ""
        var c = a.pointee.children
        while let n = c {
            if n.pointee.type == XML_TEXT_NODE, let t = n.pointee.content { s += String(cString: t) }
            c = n.pointee.next
        }
        return s
    }

    private func attribute(_ node: xmlNodePtr, _ uri: String, _ local: String) -> String? {
        var a = node.pointee.properties
        while let attr = a {
            if namespace(attr.pointee.ns).uri == uri, attr.pointee.name.map({ String(cString: $0) }) == local {
                return attributeValue(attr)
            }
            a = attr.pointee.next
        }
        return nil
    }

    /// Attributes that are RDF syntax or XML qualifiers, not properties (Part 1 §7.4, §7.8).
    private func isSyntaxAttribute(_ uri: String, _ local: String) -> Bool {
        if uri == XMPNamespace.xml { return true }
        if uri == XMPNamespace.rdf {
            return ["about", "ID", "nodeID", "parseType", "resource", "datatype", "bagID"].contains(local)
        }
        // Unqualified attributes are not RDF properties (RDF/XML §2.2 deprecates them).
        return uri.isEmpty
    }

    /// Fields of an `rdf:Description` or a property element used as a struct: the property
    /// attributes (Part 1 §7.9.2.3 shorthand) then the child property elements.
    private func fields(of node: xmlNodePtr, depth: Int, _ positions: XMPSourcePositions) throws(ParseError) -> [XMPProperty] {
        try limits.check(depth, limits.maxNesting, "XMP nesting depth", at: offset, path: path)
        var out: [XMPProperty] = []
        let attributeOffsets = node.pointee.properties == nil ? [:] : positions.attributes(of: UnsafeMutableRawPointer(node))
        var a = node.pointee.properties
        while let attr = a {
            let (uri, prefix) = namespace(attr.pointee.ns)
            let local = attr.pointee.name.map { String(cString: $0) } ?? ""
            if !isSyntaxAttribute(uri, local) {
                let at = attributeOffsets[prefix.isEmpty ? local : prefix + ":" + local]
                out.append(XMPProperty(namespace: uri, prefix: prefix, name: local, value: .text(attributeValue(attr)),
                                       offset: at.flatMap { offset +? $0 }))
            }
            a = attr.pointee.next
        }
        for child in elements(of: node) {
            let (uri, prefix) = namespace(child.pointee.ns)
            let at = positions.element(UnsafeMutableRawPointer(child))
            out.append(XMPProperty(namespace: uri, prefix: prefix, name: name(child),
                                   value: try value(of: child, depth: depth + 1, positions), offset: at.flatMap { offset +? $0 }))
        }
        return out
    }

    /// The value of a property element or an `rdf:li` (Part 1 §7.5–§7.9).
    private func value(of node: xmlNodePtr, depth: Int, _ positions: XMPSourcePositions) throws(ParseError) -> XMPValue {
        try limits.check(depth, limits.maxNesting, "XMP nesting depth", at: offset, path: path)
        if attribute(node, XMPNamespace.rdf, "parseType") == "Resource" {
            return .structure(try fields(of: node, depth: depth, positions))
        }
        if let resource = attribute(node, XMPNamespace.rdf, "resource") {
            return .text(resource)
        }
        let children = elements(of: node)
        if let first = children.first {
            for kind in [XMPArrayKind.seq, .bag, .alt] where isRDF(first, kind.rawValue) {
                var items: [XMPValue] = []
                for li in elements(of: first) where isRDF(li, "li") {
                    items.append(try value(of: li, depth: depth + 1, positions))
                }
                return .array(kind, items)
            }
            if isRDF(first, "Description") {
                return .structure(try fields(of: first, depth: depth + 1, positions))
            }
            // Child property elements without rdf:parseType: treat as a structure too, the way
            // lenient readers (exiftool) do, rather than dropping the fields.
            return .structure(try fields(of: node, depth: depth, positions))
        }
        // An empty element whose property attributes are the struct's fields (§7.9.2.3).
        let attrFields = try fields(of: node, depth: depth, positions)
        if !attrFields.isEmpty { return .structure(attrFields) }
        return .text(text(of: node))
    }
}

/// What the callbacks record while libxml2 parses one packet: the first error it reports,
/// and where each start tag's attributes end (see `XMPSourcePositions`).
private final class ParseState {
    var message: String?
    var line = 0
    var column = 0
    /// Keyed by the node's address as an integer: a dictionary keyed by a pointer type makes
    /// the runtime look that type's `Hashable` conformance up through every conformance
    /// record of the program the first time, a noticeable part of a one-file check.
    var startTagEnds: [Int: Int] = [:]
}
