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
            let prefixes = DeclaredPrefixes(markup, packet, namespaces: namespaces)
            var edits = Edits()
            var t = 0
            let tokens = markup.tokens
            while t < tokens.count {
                let token = tokens[t]
                guard token.kind == .start else { t += 1; continue }
                let dropElement = prefixes.prefix(of: token.name).map(prefixes.removed.contains) ?? false
                if dropElement || (prefixes.isNote(token.name) && note != .keep) {
                    t = try edits.editElement(at: t, tokens, dropElement: dropElement, note: note, packet, path: path) + 1
                    continue
                }
                edits.editAttributes(of: token, prefixes, note: note)
                t += 1
            }
            return (edits.applied(to: packet), edits.removed)
        }

        /// The prefixes the packet's `xmlns:` declarations bind (XML Namespaces §3): those of
        /// the namespaces removed, and those of `xmpNote`.
        private struct DeclaredPrefixes {
            var removed = Set<String>()
            var note = Set<String>()

            init(_ markup: Markup, _ packet: [UInt8], namespaces: [String]) {
                for t in markup.tokens where t.kind == .start {
                    for a in t.attributes where a.name.hasPrefix("xmlns:") {
                        let value = String(decoding: packet[a.value], as: UTF8.self)
                        let prefix = String(a.name.dropFirst("xmlns:".count))
                        if namespaces.contains(value) { removed.insert(prefix) }
                        if value == xmpNoteNamespace { note.insert(prefix) }
                    }
                }
            }

            /// The prefix of a qualified name, nil when it has none.
            func prefix(of name: String) -> String? {
                guard let colon = name.firstIndex(of: ":") else { return nil }
                return String(name[..<colon])
            }

            /// Whether `name` is `xmpNote:HasExtendedXMP`, under whatever prefix.
            func isNote(_ name: String) -> Bool {
                guard let p = prefix(of: name), note.contains(p) else { return false }
                return name.hasSuffix(":HasExtendedXMP")
            }
        }

        /// Edits as (range, replacement), in file order, never overlapping, and how many
        /// properties they take out.
        private struct Edits {
            var list: [(Range<Int>, [UInt8])] = []
            var removed = 0

            /// The element form of a property, the start tag at `t`: its text replaced by the note's
            /// GUID, or the element taken out from the whitespace before it to its end tag. The
            /// index of its last token.
            mutating func editElement(at t: Int, _ tokens: [Markup.Token], dropElement: Bool, note: ExtendedNote,
                                      _ packet: [UInt8], path: String) throws(ParseError) -> Int {
                let token = tokens[t]
                let last = try Self.endOfElement(at: t, tokens, path: path)
                if case .set(let guid) = note, !dropElement {
                    // Only the text between the tags changes.
                    if !token.selfClosing, last == t + 1 || last == t + 2 {
                        list.append((token.range.upperBound..<tokens[last].range.lowerBound, Array(guid.utf8)))
                    } else {
                        throw ParseError(.xmpMarkupUnreadable, at: token.range.lowerBound, path: path,
                                         "\(token.name) is not a simple property")
                    }
                } else {
                    var from = token.range.lowerBound
                    if t > 0, tokens[t - 1].kind == .other,
                       packet[tokens[t - 1].range].allSatisfy(Markup.isSpace),
                       list.last.map({ $0.0.upperBound <= tokens[t - 1].range.lowerBound }) ?? true {
                        from = tokens[t - 1].range.lowerBound
                    }
                    list.append((from..<tokens[last].range.upperBound, []))
                    removed += 1
                }
                return last
            }

            /// The index of the end tag that closes the start tag at `t` (`t` itself when it is
            /// self-closing).
            private static func endOfElement(at t: Int, _ tokens: [Markup.Token], path: String) throws(ParseError) -> Int {
                let token = tokens[t]
                var last = t
                guard !token.selfClosing else { return last }
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
                return last
            }

            /// The attribute form, on a start tag kept: declarations and properties of the
            /// namespaces removed go; `xmpNote:HasExtendedXMP` takes `note`.
            mutating func editAttributes(of token: Markup.Token, _ prefixes: DeclaredPrefixes, note: ExtendedNote) {
                for a in token.attributes {
                    if a.name.hasPrefix("xmlns:"), prefixes.removed.contains(String(a.name.dropFirst("xmlns:".count))) {
                        list.append((a.range, []))
                    } else if let p = prefixes.prefix(of: a.name), prefixes.removed.contains(p) {
                        list.append((a.range, []))
                        removed += 1
                    } else if prefixes.isNote(a.name) {
                        switch note {
                        case .keep: break
                        case .set(let guid): list.append((a.value, Array(guid.utf8)))
                        case .remove: list.append((a.range, []))
                        }
                    }
                }
            }

            /// `packet` with the edits made, every other byte as it was.
            func applied(to packet: [UInt8]) -> [UInt8] {
                var out: [UInt8] = []
                out.reserveCapacity(packet.count)
                var at = 0
                for (range, replacement) in list {
                    out += packet[at..<range.lowerBound]
                    out += replacement
                    at = range.upperBound
                }
                out += packet[at...]
                return out
            }
        }
    }
}
