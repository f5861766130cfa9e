extension XMPPacket {
    /// The markup of an XMP packet as a list of byte ranges: start tags with their attributes,
    /// end tags, and everything else (text, comments, processing instructions such as the
    /// `<?xpacket?>` wrapper, CDATA). It is enough to take properties out of a serialization
    /// without writing it again, so every byte not edited stays as it was (Adobe XMP
    /// Specification Part 1 §7.9 allows both the attribute and the element form of a simple
    /// property, so an editor must handle both).
    struct Markup {
        enum Kind: Equatable { case start, end, other }

        struct Attribute {
            /// The qualified name as written.
            let name: String
            /// From the whitespace before the name to the closing quote: what removing it takes out.
            let range: Range<Int>
            /// The value between its quotes.
            let value: Range<Int>
        }

        struct Token {
            let kind: Kind
            let range: Range<Int>
            /// The element's qualified name (start and end tags).
            let name: String
            let attributes: [Attribute]
            /// A start tag written `<name …/>`.
            let selfClosing: Bool
        }

        let tokens: [Token]

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        /// Splits `bytes` into tokens; throws `xmpMarkupUnreadable` where a tag does not close
        /// or an attribute has no quoted value, the offset relative to the packet.
        init(_ bytes: [UInt8], path: String) throws(ParseError) {
            let scanner = Scanner(bytes: bytes, path: path)
            var tokens: [Token] = []
            var i = 0
            while i < bytes.count {
                let token = try scanner.token(at: i)
                tokens.append(token)
                i = token.range.upperBound
            }
            self.tokens = tokens
        }
    }
}

extension XMPPacket.Markup {
    /// Reads the tokens of a packet's bytes one at a time, each from the byte where the one
    /// before it ended (XML 1.0 §3.1 start and end tags, §2.5 to §2.8 for the rest).
    fileprivate struct Scanner {
        let bytes: [UInt8]
        let path: String
        var n: Int { bytes.count }

        /// The token that starts at `i`.
        func token(at i: Int) throws(ParseError) -> Token {
            guard bytes[i] == UInt8(ascii: "<") else { return text(at: i) }
            if let t = try delimited(at: i) { return t }
            if starts("</", at: i) { return try endTag(at: i) }
            return try startTag(at: i)
        }

        /// Text up to the next `<` or the end.
        private func text(at i: Int) -> Token {
            var k = i
            while k < n, bytes[k] != UInt8(ascii: "<") { k += 1 }
            return Token(kind: .other, range: i..<k, name: "", attributes: [], selfClosing: false)
        }

        /// A comment, CDATA section, processing instruction or declaration; nil for a tag.
        private func delimited(at i: Int) throws(ParseError) -> Token? {
            // Comments, CDATA sections, processing instructions and declarations end with
            // their own delimiters (XML 1.0 §2.5, §2.7, §2.6, §2.8).
            let closers: [(String, String)] = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")]
            guard let (open, close) = closers.first(where: { starts($0.0, at: i) }) else { return nil }
            guard let e = find(Array(close.utf8), from: i + open.count) else { throw unreadable(i, "\(open) does not close") }
            let end = e + close.utf8.count
            return Token(kind: .other, range: i..<end, name: "", attributes: [], selfClosing: false)
        }

        /// An end tag, `</name>`.
        private func endTag(at i: Int) throws(ParseError) -> Token {
            let e = name(from: i + 2)
            guard let close = find([UInt8(ascii: ">")], from: e) else { throw unreadable(i, "end tag does not close") }
            return Token(kind: .end, range: i..<(close + 1), name: String(decoding: bytes[(i + 2)..<e], as: UTF8.self),
                         attributes: [], selfClosing: false)
        }

        /// A start tag with its attributes, `<name a="v" …>` or `<name …/>`.
        private func startTag(at i: Int) throws(ParseError) -> Token {
            let nameEnd = name(from: i + 1)
            let element = String(decoding: bytes[(i + 1)..<nameEnd], as: UTF8.self)
            var attributes: [Attribute] = []
            var k = nameEnd
            var selfClosing = false
            while true {
                let spaceStart = k
                while k < n, XMPPacket.Markup.isSpace(bytes[k]) { k += 1 }
                guard k < n else { throw unreadable(i, "start tag <\(element)> does not close") }
                if bytes[k] == UInt8(ascii: ">") { k += 1; break }
                if bytes[k] == UInt8(ascii: "/"), k + 1 < n, bytes[k + 1] == UInt8(ascii: ">") { selfClosing = true; k += 2; break }
                let attribute = try self.attribute(at: k, spaceStart: spaceStart, in: element)
                attributes.append(attribute)
                k = attribute.range.upperBound
            }
            return Token(kind: .start, range: i..<k, name: element, attributes: attributes, selfClosing: selfClosing)
        }

        /// The attribute whose name starts at `k`, with the whitespace from `spaceStart` before it:
        /// name, `=`, and a value in single or double quotes.
        private func attribute(at nameStart: Int, spaceStart: Int, in element: String) throws(ParseError) -> Attribute {
            var k = name(from: nameStart)
            guard k > nameStart else { throw unreadable(k, "unexpected byte in <\(element)>") }
            let attributeName = String(decoding: bytes[nameStart..<k], as: UTF8.self)
            while k < n, XMPPacket.Markup.isSpace(bytes[k]) { k += 1 }
            guard k < n, bytes[k] == UInt8(ascii: "=") else { throw unreadable(k, "attribute \(attributeName) has no value") }
            k += 1
            while k < n, XMPPacket.Markup.isSpace(bytes[k]) { k += 1 }
            guard k < n, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") else {
                throw unreadable(k, "attribute \(attributeName) has no quoted value")
            }
            let quote = bytes[k]
            guard let close = find([quote], from: k + 1) else { throw unreadable(k, "the value of \(attributeName) does not close") }
            return Attribute(name: attributeName, range: spaceStart..<(close + 1), value: (k + 1)..<close)
        }

        /// Where `pattern` next occurs at or after `from`.
        private func find(_ pattern: [UInt8], from: Int) -> Int? {
            guard let last = n -? pattern.count, from <= last else { return nil }
            var j = from
            while j <= last {
                if bytes[j] == pattern[0], Array(bytes[j..<(j + pattern.count)]) == pattern { return j }
                j += 1
            }
            return nil
        }

        private func starts(_ s: String, at j: Int) -> Bool {
            let p = Array(s.utf8)
            return j + p.count <= n && Array(bytes[j..<(j + p.count)]) == p
        }

        private func unreadable(_ at: Int, _ detail: String) -> ParseError {
            ParseError(.xmpMarkupUnreadable, at: at, path: path, detail)
        }

        /// Where a name that starts at `j` ends: at whitespace, `>`, `/`, `=` or the end.
        private func name(from j: Int) -> Int {
            var k = j
            while k < n, !XMPPacket.Markup.isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">"), bytes[k] != UInt8(ascii: "/"),
                  bytes[k] != UInt8(ascii: "=") { k += 1 }
            return k
        }
    }
}
