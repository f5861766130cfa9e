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
            var tokens: [Token] = []
            var i = 0
            let n = bytes.count
            func find(_ pattern: [UInt8], from: Int) -> Int? {
                guard let last = n -? pattern.count, from <= last else { return nil }
                var j = from
                while j <= last {
                    if bytes[j] == pattern[0], Array(bytes[j..<(j + pattern.count)]) == pattern { return j }
                    j += 1
                }
                return nil
            }
            func starts(_ s: String, at j: Int) -> Bool {
                let p = Array(s.utf8)
                return j + p.count <= n && Array(bytes[j..<(j + p.count)]) == p
            }
            func unreadable(_ at: Int, _ detail: String) -> ParseError {
                ParseError(.xmpMarkupUnreadable, at: at, path: path, detail)
            }
            func name(from j: Int) -> Int {
                var k = j
                while k < n, !Markup.isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">"), bytes[k] != UInt8(ascii: "/"),
                      bytes[k] != UInt8(ascii: "=") { k += 1 }
                return k
            }
            while i < n {
                guard bytes[i] == UInt8(ascii: "<") else {
                    var k = i
                    while k < n, bytes[k] != UInt8(ascii: "<") { k += 1 }
                    tokens.append(Token(kind: .other, range: i..<k, name: "", attributes: [], selfClosing: false))
                    i = k
                    continue
                }
                // Comments, CDATA sections, processing instructions and declarations end with
                // their own delimiters (XML 1.0 §2.5, §2.7, §2.6, §2.8).
                let closers: [(String, String)] = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")]
                if let (open, close) = closers.first(where: { starts($0.0, at: i) }) {
                    guard let e = find(Array(close.utf8), from: i + open.count) else { throw unreadable(i, "\(open) does not close") }
                    let end = e + close.utf8.count
                    tokens.append(Token(kind: .other, range: i..<end, name: "", attributes: [], selfClosing: false))
                    i = end
                    continue
                }
                if starts("</", at: i) {
                    let e = name(from: i + 2)
                    guard let close = find([UInt8(ascii: ">")], from: e) else { throw unreadable(i, "end tag does not close") }
                    tokens.append(Token(kind: .end, range: i..<(close + 1), name: String(decoding: bytes[(i + 2)..<e], as: UTF8.self),
                                        attributes: [], selfClosing: false))
                    i = close + 1
                    continue
                }
                let nameEnd = name(from: i + 1)
                let element = String(decoding: bytes[(i + 1)..<nameEnd], as: UTF8.self)
                var attributes: [Attribute] = []
                var k = nameEnd
                var selfClosing = false
                while true {
                    let spaceStart = k
                    while k < n, Markup.isSpace(bytes[k]) { k += 1 }
                    guard k < n else { throw unreadable(i, "start tag <\(element)> does not close") }
                    if bytes[k] == UInt8(ascii: ">") { k += 1; break }
                    if bytes[k] == UInt8(ascii: "/"), k + 1 < n, bytes[k + 1] == UInt8(ascii: ">") { selfClosing = true; k += 2; break }
                    let nameStart = k
                    k = name(from: k)
                    guard k > nameStart else { throw unreadable(k, "unexpected byte in <\(element)>") }
                    let attributeName = String(decoding: bytes[nameStart..<k], as: UTF8.self)
                    while k < n, Markup.isSpace(bytes[k]) { k += 1 }
                    guard k < n, bytes[k] == UInt8(ascii: "=") else { throw unreadable(k, "attribute \(attributeName) has no value") }
                    k += 1
                    while k < n, Markup.isSpace(bytes[k]) { k += 1 }
                    guard k < n, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") else {
                        throw unreadable(k, "attribute \(attributeName) has no quoted value")
                    }
                    let quote = bytes[k]
                    guard let close = find([quote], from: k + 1) else { throw unreadable(k, "the value of \(attributeName) does not close") }
                    attributes.append(Attribute(name: attributeName, range: spaceStart..<(close + 1), value: (k + 1)..<close))
                    k = close + 1
                }
                tokens.append(Token(kind: .start, range: i..<k, name: element, attributes: attributes, selfClosing: selfClosing))
                i = k
            }
            self.tokens = tokens
        }
    }
}
