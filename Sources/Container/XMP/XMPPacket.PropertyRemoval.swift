extension XMPPacket {
    /// Takes the properties of one namespace out of an XMP packet's serialization and sets or
    /// removes `xmpNote:HasExtendedXMP`, copying every other byte as it was: other properties,
    /// their order, the whitespace between them and the `<?xpacket?>` wrapper.
    ///
    /// A simple property is an attribute of `rdf:Description` or a child element of it (Adobe
    /// XMP Specification Part 1 §7.9, serialization in RDF); both forms go, with the whitespace before
    /// them, and so does the namespace's `xmlns:` declaration. The namespace is found by its
    /// URI, not by the prefix a writer happened to choose (XML Namespaces §3).
    package enum PropertyRemoval {
        /// What happens to `xmpNote:HasExtendedXMP` (Adobe XMP Part 3 §1.1.3.1: it names, by
        /// the MD5 GUID, the Extended XMP packet that continues this one).
        package enum ExtendedNote: Sendable, Equatable {
            case keep
            case set(String)
            case remove
        }

        package static let xmpNoteNamespace = "http://ns.adobe.com/xmp/note/"

        /// `packet` without the properties of `namespace`, and with `note` applied. `removed`
        /// counts the properties taken out.
        package static func removing(namespace: String, note: ExtendedNote = .keep, from packet: [UInt8],
                                    path: String) throws(ParseError) -> (bytes: [UInt8], removed: Int) {
            try removing(namespaces: [namespace], note: note, from: packet, path: path)
        }

        /// `packet` without the properties of any of `namespaces`, and with `note` applied: the
        /// elements of those namespaces go wherever they are, and so do their declarations.
        package static func removing(namespaces: [String], note: ExtendedNote = .keep, from packet: [UInt8],
                                    path: String) throws(ParseError) -> (bytes: [UInt8], removed: Int) {
            let markup = try Markup(packet, path: path)
            var prefixes = Set<String>(), notePrefixes = Set<String>()
            for t in markup.tokens where t.kind == .start {
                for a in t.attributes where a.name.hasPrefix("xmlns:") {
                    let value = String(decoding: packet[a.value], as: UTF8.self)
                    let prefix = String(a.name.dropFirst("xmlns:".count))
                    if namespaces.contains(value) { prefixes.insert(prefix) }
                    if value == xmpNoteNamespace { notePrefixes.insert(prefix) }
                }
            }
            func prefix(of name: String) -> String? {
                guard let colon = name.firstIndex(of: ":") else { return nil }
                return String(name[..<colon])
            }
            func isNote(_ name: String) -> Bool {
                guard let p = prefix(of: name), notePrefixes.contains(p) else { return false }
                return name.hasSuffix(":HasExtendedXMP")
            }
            // Edits as (range, replacement), in file order, never overlapping.
            var edits: [(Range<Int>, [UInt8])] = []
            var removed = 0
            var t = 0
            let tokens = markup.tokens
            while t < tokens.count {
                let token = tokens[t]
                guard token.kind == .start else { t += 1; continue }
                let element = prefix(of: token.name)
                let dropElement = element.map(prefixes.contains) ?? false
                if dropElement || (isNote(token.name) && note != .keep) {
                    // The element form: from the whitespace before it to its end tag.
                    var last = t
                    if !token.selfClosing {
                        var depth = 1
                        while depth > 0 {
                            last += 1
                            guard last < tokens.count else {
                                throw ParseError(.xmpMarkupUnreadable, at: token.range.lowerBound, path: path,
                                                 "<\(token.name)> has no end tag")
                            }
                            if tokens[last].kind == .start, !tokens[last].selfClosing { depth += 1 }
                            if tokens[last].kind == .end { depth -= 1 }
                        }
                    }
                    if case .set(let guid) = note, !dropElement {
                        // Only the text between the tags changes.
                        if !token.selfClosing, last == t + 1 || last == t + 2 {
                            edits.append((token.range.upperBound..<tokens[last].range.lowerBound, Array(guid.utf8)))
                        } else {
                            throw ParseError(.xmpMarkupUnreadable, at: token.range.lowerBound, path: path,
                                             "\(token.name) is not a simple property")
                        }
                    } else {
                        var from = token.range.lowerBound
                        if t > 0, tokens[t - 1].kind == .other,
                           packet[tokens[t - 1].range].allSatisfy(Markup.isSpace),
                           edits.last.map({ $0.0.upperBound <= tokens[t - 1].range.lowerBound }) ?? true {
                            from = tokens[t - 1].range.lowerBound
                        }
                        edits.append((from..<tokens[last].range.upperBound, []))
                        removed += 1
                    }
                    t = last + 1
                    continue
                }
                for a in token.attributes {
                    if a.name.hasPrefix("xmlns:"), prefixes.contains(String(a.name.dropFirst("xmlns:".count))) {
                        edits.append((a.range, []))
                    } else if let p = prefix(of: a.name), prefixes.contains(p) {
                        edits.append((a.range, []))
                        removed += 1
                    } else if isNote(a.name) {
                        switch note {
                        case .keep: break
                        case .set(let guid): edits.append((a.value, Array(guid.utf8)))
                        case .remove: edits.append((a.range, []))
                        }
                    }
                }
                t += 1
            }
            var out: [UInt8] = []
            out.reserveCapacity(packet.count)
            var at = 0
            for (range, replacement) in edits {
                out += packet[at..<range.lowerBound]
                out += replacement
                at = range.upperBound
            }
            out += packet[at...]
            return (out, removed)
        }
    }
}
