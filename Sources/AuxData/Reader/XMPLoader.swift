import Container

/// Parses an XMP packet that a container located, turning a malformed packet into an issue
/// (the rest of the file is still read).
enum XMPLoader {
    static func parse(_ bytes: [UInt8], _ range: Range<Int>, path: String, limits: ParseLimits,
                      issues: inout [ParseError]) -> XMPDocument? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        return parse(bytes[range], at: range.lowerBound, path: path, limits: limits, issues: &issues)
    }

    /// A packet held apart from the file (reassembled Extended XMP); `offset` is where its
    /// first chunk starts.
    static func parse(_ packet: ArraySlice<UInt8>, at offset: Int, path: String, limits: ParseLimits,
                      issues: inout [ParseError]) -> XMPDocument? {
        do {
            return try XMPDocument(parsing: packet, at: offset, path: path, limits: limits)
        } catch {
            issues.append(error)
            return nil
        }
    }

    /// Values longer than this (base64 payloads such as GDepth:Data) are summarised in reports.
    static let maxReportedValue = 512

    /// `prefix:name` → value for reports, in document order. Arrays of text stay lists;
    /// structures are flattened to `prefix:name/field` keys.
    static func metadata(_ doc: XMPDocument?) -> [(String, MetadataValue)] {
        guard let doc else { return [] }
        var out: [(String, MetadataValue)] = []
        for p in doc.properties {
            if let t = p.value.text {
                out.append((p.qualifiedName, .text(summarised(t))))
            } else if let items = p.value.items, items.allSatisfy({ $0.text != nil }) {
                out.append((p.qualifiedName, .list(items.map { summarised($0.text ?? "") })))
            } else {
                let one = XMPDocument(descriptions: [XMPDescription(about: "", properties: [p])])
                for e in one.metadata { out.append((e.key, .text(summarised(e.value)))) }
            }
        }
        return out
    }

    static func summarised(_ s: String) -> String {
        s.utf8.count <= maxReportedValue ? s : "(\(s.utf8.count) characters)"
    }
}
